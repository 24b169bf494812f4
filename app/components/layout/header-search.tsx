import { SearchIcon } from '../icons.tsx';
import { useEffect, useId, useRef, useState } from 'react';
import { Form, useLocation } from 'react-router';
import { ButtonWithPageFallback } from '../button-with-page-fallback.tsx';
import { focusHeadingIfLost } from '../lost-focus.ts';
import { MAX_QUERY_LENGTH, SEARCH_PATH } from '../../utils/search-params.ts';
import styles from './header-search.module.css';

/**
 * The header's search: from 600 px a field with a button; on phones an icon.
 * Without JavaScript the field is a plain GET form to /suche and the icon a
 * link to /suche (which has the full form). With it, the icon is a button
 * that opens the field below the bar (a disclosure: the page moves down for it)
 * and puts the cursor in it.
 */
export function HeaderSearch() {
  // Open on the page where it was opened: a search (or any navigation) closes it.
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLAnchorElement>(null);
  const id = useId();
  // Closed by a search, the field drops the focus. The page's heading takes it, even when the search
  // was the one already shown (the same address: no navigation for the layout's rule to see).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) input.current?.focus();
    else if (wasOpen.current) focusHeadingIfLost();
    wasOpen.current = open;
  }, [open]);

  return (
    <div className={styles.root}>
      <ButtonWithPageFallback
        ref={toggle}
        href={SEARCH_PATH}
        className={styles.toggle}
        aria-label={open ? 'Suche schliessen' : 'Suche öffnen'}
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onActivate={() => setOpenOn(open ? null : key)}
      >
        <SearchIcon />
      </ButtonWithPageFallback>
      <Form
        id={`${id}-form`}
        method="get"
        action={SEARCH_PATH}
        role="search"
        aria-label="Rezepte"
        className={`${styles.form} ${open ? styles.open : ''}`}
        // The bar makes room for the opened row on phones (site-layout.module.css).
        data-search-open={open || undefined}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return;
          setOpenOn(null);
          // The field that had the focus is hidden now: the focus goes back to the icon that opened it.
          toggle.current?.focus();
        }}
      >
        <label htmlFor={`${id}-q`} className={styles.visuallyHidden}>
          Rezepte suchen
        </label>
        <input
          ref={input}
          id={`${id}-q`}
          name="q"
          type="search"
          placeholder="Rezepte suchen"
          maxLength={MAX_QUERY_LENGTH}
          enterKeyHint="search"
          className={styles.input}
        />
        <button type="submit" className={styles.submit} aria-label="Suchen">
          <SearchIcon />
        </button>
      </Form>
    </div>
  );
}
