import { describe, expect, it } from 'vitest';
import {
  AVAILABLE_SOON_POINTS,
  AVAILABLE_THIS_WEEK_POINTS,
  type CandidateFacts,
  type ClientWishes,
  compareScored,
  LIST_POINTS,
  type ReasonWords,
  STATE_POINTS,
  scoreCandidate,
  TOP_RATED_POINTS,
} from './recommendation-score.ts';

const NOW = new Date('2027-03-01T09:00:00Z');
const words: ReasonWords = {
  optionName: (id) => ({ yo: 'Yoruba', ig: 'Igbo', cbt: 'CBT', anxiety: 'Anxiety', female: 'Female' })[id] ?? id,
  stateName: () => 'Lagos',
  label: (code, params) => `${code}:${Object.values(params).join('/')}`,
  rating: (value) => value.toFixed(1),
};
const facts = (over: Partial<CandidateFacts>): CandidateFacts => ({
  providerId: '00000000-0000-4000-8000-000000000001',
  options: new Set(),
  ownOptions: new Set(),
  stateId: null,
  licenseStateIds: new Set(),
  nextAvailableAt: null,
  rating: null,
  reviewCount: 0,
  ...over,
});
const wishes: ClientWishes = {
  options: { language: ['yo', 'ig'], therapyApproach: ['cbt'], specialities: ['anxiety'], gender: ['female'] },
  stateId: 'lagos',
};

describe('scoreCandidate (fixtures)', () => {
  it('adds each list once, naming every option that matched', () => {
    const scored = scoreCandidate(wishes, facts({ options: new Set(['yo', 'ig', 'cbt']) }), NOW, words);
    expect(scored.score).toBe(LIST_POINTS.language + LIST_POINTS.therapyApproach);
    expect(scored.reasons).toEqual([
      { code: 'language', label: 'language:Yoruba, Igbo', points: 30 },
      { code: 'therapyApproach', label: 'therapyApproach:CBT', points: 15 },
    ]);
  });

  it('matches the provider’s own fields (gender) and state or licence', () => {
    const own = scoreCandidate(wishes, facts({ ownOptions: new Set(['female']), stateId: 'lagos' }), NOW, words);
    expect(own.reasons.map((reason) => reason.code)).toEqual(['gender', 'state']);
    expect(own.score).toBe(LIST_POINTS.gender + STATE_POINTS);
    const licensed = scoreCandidate(wishes, facts({ licenseStateIds: new Set(['lagos']) }), NOW, words);
    expect(licensed.reasons).toEqual([{ code: 'state', label: 'state:Lagos', points: STATE_POINTS }]);
  });

  it('rewards a free slot this week over one within two weeks, and nothing later', () => {
    const at = (days: number) => new Date(NOW.getTime() + days * 24 * 3600_000);
    expect(scoreCandidate(wishes, facts({ nextAvailableAt: at(6.9) }), NOW, words).score).toBe(
      AVAILABLE_THIS_WEEK_POINTS,
    );
    expect(scoreCandidate(wishes, facts({ nextAvailableAt: at(10) }), NOW, words).score).toBe(AVAILABLE_SOON_POINTS);
    expect(scoreCandidate(wishes, facts({ nextAvailableAt: at(20) }), NOW, words).reasons).toEqual([]);
  });

  it('gives rating points only with enough reviews', () => {
    expect(scoreCandidate(wishes, facts({ rating: 4.8, reviewCount: 3 }), NOW, words).reasons).toEqual([
      { code: 'rating', label: 'rating:4.8/3', points: TOP_RATED_POINTS },
    ]);
    expect(scoreCandidate(wishes, facts({ rating: 4.8, reviewCount: 1 }), NOW, words).score).toBe(3);
    expect(scoreCandidate(wishes, facts({ rating: 3.5, reviewCount: 9 }), NOW, words).score).toBe(0);
  });

  it('orders by score, rating, sooner slot, then id: the same input always gives the same order', () => {
    const make = (id: string, score: number, rating: number | null, nextDays: number | null) => ({
      providerId: id,
      score,
      reasons: [],
      rating,
      nextAvailableAt: nextDays === null ? null : new Date(NOW.getTime() + nextDays * 86_400_000),
    });
    const list = [
      make('d', 40, null, null),
      make('c', 40, 4.5, 3),
      make('b', 40, 4.5, 1),
      make('a', 40, 4.5, 1),
      make('e', 55, null, null),
    ];
    const once = [...list].sort(compareScored).map((item) => item.providerId);
    const reversed = [...list]
      .reverse()
      .sort(compareScored)
      .map((item) => item.providerId);
    expect(once).toEqual(['e', 'a', 'b', 'c', 'd']);
    expect(reversed).toEqual(once);
  });
});
