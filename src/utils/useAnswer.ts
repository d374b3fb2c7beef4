import { useEffect, useState, type DependencyList } from 'react';

/**
 * The answer of `read`, asked again whenever `deps` change; an answer that comes after a newer question (or after
 * the component is gone) is dropped, so the page never shows an older record over a newer one.
 */
export function useAnswer<T>(read: () => Promise<T | undefined>, deps: DependencyList): T | undefined {
  const [answer, setAnswer] = useState<T>();
  useEffect(() => {
    let current = true;
    read().then((value) => current && value !== undefined && setAnswer(value));
    return () => {
      current = false;
    };
    // The caller names what the read depends on, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return answer;
}
