import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How loud the microphone is right now (0-100), read from an analyser while mounted. */
function useMicLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const track = stream?.getAudioTracks()[0];
    if (!stream || !track || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    let last = 0;
    const read = (at: number) => {
      frame = requestAnimationFrame(read);
      if (at - last < 100) return;
      last = at;
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      setLevel(Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 400)));
    };
    frame = requestAnimationFrame(read);
    return () => {
      cancelAnimationFrame(frame);
      void context.close();
    };
  }, [stream]);
  return level;
}

/** The pre-join microphone meter: speak and watch it move. */
export function MicLevel({ stream }: { stream: MediaStream | null }) {
  const { t } = useTranslation();
  const level = useMicLevel(stream);
  return (
    <div className="flex items-center gap-2">
      <span className="text-xs text-slate-600">{t('sessionRoom.check.level')}</span>
      <meter
        aria-label={t('sessionRoom.check.level')}
        min={0}
        max={100}
        value={level}
        className="h-3 flex-1"
        data-testid="mic-level"
      />
    </div>
  );
}
