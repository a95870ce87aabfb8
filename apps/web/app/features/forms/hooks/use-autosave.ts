import { useEffect, useRef, useState } from 'react';

/** How long typing may pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 1200;

export type AutosaveState = { status: 'idle' | 'saving' | 'failed' } | { status: 'saved'; at: string };

/**
 * Saves `value` a moment after it last changed (not on first render), one save at a time: a
 * change during a save is saved after it. `save` answers when the server has it.
 */
export function useAutosave<T>(value: T, save: (value: T) => Promise<string>, enabled: boolean): AutosaveState {
  const [state, setState] = useState<AutosaveState>({ status: 'idle' });
  const first = useRef(true);
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!enabled) return;
    const timer = setTimeout(() => {
      setState({ status: 'saving' });
      saveRef
        .current(value)
        .then((at) => setState({ status: 'saved', at }))
        .catch(() => setState({ status: 'failed' }));
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, enabled]);
  return state;
}
