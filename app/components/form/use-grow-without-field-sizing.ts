import { useEffect, type RefObject } from 'react';

/**
 * Where CSS cannot size a text area to its content (`field-sizing: content`,
 * not in every browser yet), it is sized by script on each input; until then
 * it keeps the rows it came with (sized at once, the form would move under a
 * reader's finger as the page's script runs). Its min- and max-height still
 * bound it.
 */
export function useGrowWithoutFieldSizing(ref: RefObject<HTMLTextAreaElement | null>) {
  useEffect(() => {
    const area = ref.current;
    if (!area || CSS.supports('field-sizing', 'content')) return;
    const fit = () => {
      area.style.height = 'auto';
      area.style.height = `${area.scrollHeight}px`;
    };
    area.addEventListener('input', fit);
    return () => area.removeEventListener('input', fit);
  }, [ref]);
}
