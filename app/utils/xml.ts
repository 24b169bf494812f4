// Text inside XML documents (sitemap, feeds): escaped, and stripped of what
// XML 1.0 cannot carry at all (control characters, lone surrogates), so that
// no user text can break a document or add elements to it.

// Allowed in XML 1.0: tab, line feed, carriage return, U+0020–U+D7FF, U+E000–U+FFFD and the astral planes.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for an element's content or an attribute value in double quotes. */
export function escapeXml(text: string) {
  return text
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** The same escaping for HTML that travels inside a feed's description. */
export const escapeHtml = escapeXml;
