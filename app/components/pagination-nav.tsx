import { Link } from 'react-router';
import { pageHref, visiblePages } from '../utils/pagination.ts';
import styles from './pagination-nav.module.css';

type Props = {
  pathname: string;
  page: number;
  pageCount: number;
  /** The address of a page, where the list's address carries more than `seite` (the search). */
  hrefFor?: (page: number) => string;
};

/**
 * Numbered page links under a list: plain links (they work before and without
 * JavaScript; with it, React Router navigates in the page), "Vorherige Seite"
 * and "Nächste Seite" with rel prev/next, the current page marked with
 * aria-current. Nothing when the list fits on one page. At most nine items
 * (‹ 1 … 4 5 6 … 834 ›); on a phone the step labels give way to the arrows
 * (they stay for screen readers), so the bar fits 375 px.
 */
export function PaginationNav({ pathname, page, pageCount, hrefFor = (n) => pageHref(pathname, n) }: Props) {
  if (pageCount <= 1) return null;
  const pages = visiblePages(page, pageCount);
  return (
    <nav aria-label="Seiten" className={styles.nav} data-print="hide">
      <ul className={styles.list}>
        {page > 1 && (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className={styles.step}>
              <span aria-hidden className={styles.arrow}>
                ‹
              </span>
              <span className={styles.stepLabel}>Vorherige Seite</span>
            </Link>
          </li>
        )}
        {pages.map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className={styles.gap} aria-hidden>
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                className={styles.number}
                aria-label={`Seite ${n}`}
                aria-current={n === page ? 'page' : undefined}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={styles.step}>
              <span className={styles.stepLabel}>Nächste Seite</span>
              <span aria-hidden className={styles.arrow}>
                ›
              </span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
