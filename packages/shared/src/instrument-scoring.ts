import { type Instrument, itemId, type SeverityBand } from './instruments.ts';

export interface InstrumentScore {
  score: number;
  band: SeverityBand['band'];
  /** The urgent item was answered above "not at all" (PHQ-9 item 9): the provider is told at once. */
  urgent: boolean;
}

/**
 * The total and band of a completed instrument: every item answered 0-3 (as the option's id,
 * '0'..'3'); anything else is not scorable and answers null. A pure function of the answers:
 * the API stores its result, the web never scores.
 */
export function scoreInstrument(instrument: Instrument, answers: Record<string, unknown>): InstrumentScore | null {
  let score = 0;
  for (let index = 1; index <= instrument.items.en.length; index += 1) {
    const value = Number(answers[itemId(index)]);
    if (!Number.isInteger(value) || value < 0 || value > 3) return null;
    score += value;
  }
  const band = bandOf(instrument, score);
  if (!band) return null;
  const urgentItem = instrument.urgentItem;
  const urgent = urgentItem !== undefined && Number(answers[itemId(urgentItem)]) > 0;
  return { score, band, urgent };
}

/** The band a total falls in (bands are contiguous and cover 0..max). */
export function bandOf(instrument: Instrument, score: number): SeverityBand['band'] | null {
  return instrument.bands.find((band) => score >= band.min && score <= band.max)?.band ?? null;
}
