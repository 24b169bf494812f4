// One Tab stop for a group of radio buttons, as radio groups are meant to be
// (the arrow keys choose within it): the chosen button, or the first while none
// is. Chromium stopped at every button of a hydrated group with nothing chosen.
// Before the script takes the group over the browser's own grouping holds, and
// no tabindex may override it.
import { useEffect, useRef, useState } from 'react';

/** `group`: the element around the buttons; `choose`: call it with the value a change checked; `tabIndexOf` a button's value. */
export function useRadioTabStop(values: readonly string[], initial: string) {
  const group = useRef<HTMLElement>(null);
  const [chosen, choose] = useState(initial);
  const [takenOver, setTakenOver] = useState(false);

  useEffect(() => {
    // A button checked before the page's script ran is checked in the page only. Read in the same
    // update that sets the Tab stop: with hydration's own flag (useHydrated) the page showed the stop
    // on the first button for a moment, and a Tab pressed then landed there.
    const checked = group.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    if (checked) choose(checked.value);
    setTakenOver(true);
  }, []);

  const stop = values.includes(chosen) ? chosen : values[0];
  const tabIndexOf = (value: string) => (takenOver ? (value === stop ? 0 : -1) : undefined);
  return { group, choose, tabIndexOf };
}
