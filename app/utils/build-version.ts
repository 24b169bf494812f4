// Which build a route data answer comes from. Without React Router's lazy
// route discovery (docs/decisions/010-route-list-at-build.md) nothing told a
// tab opened before a deploy that the server now runs other code: it went on
// rendering the new server's data with its old components. The server names
// its build on every route data answer (server/route-data.ts; the page cache
// keeps the header), and the browser compares it with its own.

export const BUILD_VERSION_HEADER = 'X-Build-Version';

/** The build a reload was made for: a second answer from that build does not reload again (several instances mid-deploy). */
const RELOADED_FOR = 'chuchiblog-reloaded-for-build';

/** The page a route data address belongs to, as React Router names it: `/_.data` is home's; `_routes` only picks loaders. */
export function pageOfRouteData(dataUrl: string) {
  const url = new URL(dataUrl);
  url.pathname = url.pathname.endsWith('/_.data') ? url.pathname.slice(0, -'_.data'.length) : url.pathname.replace(/\.data$/, '');
  url.searchParams.delete('_routes');
  return url.pathname + url.search + url.hash;
}

/** Notes the reload for `version`; false when one was made for it already (or the tab keeps no notes, where reloading could loop). */
function firstReloadFor(version: string) {
  try {
    if (sessionStorage.getItem(RELOADED_FOR) === version) return false;
    sessionStorage.setItem(RELOADED_FOR, version);
    return true;
  } catch {
    return false;
  }
}

/**
 * In the browser, before hydration: when route data for a navigation comes
 * from another build than this tab's, the page is loaded anew as a document
 * (new code, new data) instead of being rendered by the old components. Sent
 * forms (POST) are left alone: what the reader typed stays on the screen.
 */
export function reloadOnNewBuild(ownVersion: string | undefined) {
  if (!ownVersion) return;
  const fetchOfThisTab = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await fetchOfThisTab(input, init);
    const served = response.headers.get(BUILD_VERSION_HEADER);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (!served || served === ownVersion || method !== 'GET' || !firstReloadFor(served)) return response;
    window.location.assign(pageOfRouteData(response.url));
    return new Promise<Response>(() => {}); // the document load takes over
  };
}
