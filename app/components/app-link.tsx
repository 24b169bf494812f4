import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** A path of this blog, from its root. */
export type AppPath = `/${string}`;

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** The link's href as it stands. */
  to: AppPath;
  replace?: boolean;
  preventScrollReset?: boolean;
  /** History state for the page it opens, as React Router's <Link state>: in the browser only, never in the href. */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link within the blog, which React Router follows in the page, as it does
 * its own <Link>. That one works out its href on every render, resolving the
 * target against the page's routes (twice, each with a JSON round trip of the
 * matched routes), and a page has some forty links: they were a tenth of a
 * signed-in page's render (bench/RESULTS.md, "Links"). Ours are paths from the
 * root, so the href is the path itself.
 */
export function AppLink({ to, replace, preventScrollReset, state, target, onClick, ...rest }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, target)) return;
    event.preventDefault();
    // As React Router's <Link>: the address already shown is replaced, not added to the history.
    const here = `${location.pathname}${location.search}${location.hash}`;
    void navigate(to, { replace: replace ?? here === to, preventScrollReset, state });
  };
  return <a {...rest} href={to} target={target} onClick={follow} />;
}

/** A left click without modifier keys on a link that opens here: other clicks are the browser's (new tab, download, …). */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button === 0 && (!target || target === '_self') && !modified;
}
