import { useEffect, useState, useSyncExternalStore } from 'react';
import { ButtonLink } from '../../../components/button-link.tsx';
import buttonStyles from '../../../components/button-link.module.css';
import { EmailIcon, FacebookIcon, LinkIcon, ShareIcon, WhatsAppIcon } from '../../../components/icons.tsx';
import { Text } from '../../../components/text.tsx';
import styles from './share-links.module.css';

const neverChanges = () => () => {};
const browserCanShare = () => typeof navigator.share === 'function';
const browserCanCopy = () => typeof navigator.clipboard?.writeText === 'function';
const SMALL_OUTLINED = [buttonStyles.root, buttonStyles.outlined, buttonStyles.small].join(' ');

/**
 * The phone's own share sheet (Web Share API), offered only where the browser
 * has one: rendered after hydration, so the page without JavaScript, and
 * browsers without navigator.share, show the links alone.
 */
function NativeShareButton({ title, url }: { title: string; url: string }) {
  // false on the server and while hydrating, then what the browser says: no mismatch.
  const supported = useSyncExternalStore(neverChanges, browserCanShare, () => false);
  if (!supported) return null;
  const share = () => {
    // A reader who closes the sheet rejects the promise (AbortError): nothing to tell them.
    navigator.share({ title, url }).catch(() => {});
  };
  return (
    <button type="button" onClick={share} className={SMALL_OUTLINED}>
      <span className={buttonStyles.startIcon}>
        <ShareIcon />
      </span>
      Teilen
    </button>
  );
}

/** How long "Link kopiert" stays beside the button. */
const SAID_FOR_MS = 4000;

/**
 * Copies the recipe's address, for a chat or a note the links do not reach. Like the share sheet
 * it needs the browser (the clipboard API, on https or localhost): shown after hydration only.
 */
function CopyLinkButton({ url }: { url: string }) {
  const supported = useSyncExternalStore(neverChanges, browserCanCopy, () => false);
  const [said, setSaid] = useState<string>();
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(undefined), SAID_FOR_MS);
    return () => clearTimeout(timer);
  }, [said]);
  if (!supported) return null;
  const copy = () => {
    navigator.clipboard.writeText(url).then(
      () => setSaid('Link kopiert'),
      () => setSaid('Kopieren ging nicht; der Link steht in der Adresszeile.'),
    );
  };
  return (
    <>
      <button type="button" onClick={copy} className={SMALL_OUTLINED}>
        <span className={buttonStyles.startIcon}>
          <LinkIcon />
        </span>
        Link kopieren
      </button>
      <span role="status" className={styles.said}>
        {said}
      </span>
    </>
  );
}

/** Share links carry the recipe's absolute address (from PUBLIC_URL). */
export function ShareLinks({ title, url }: { title: string; url: string }) {
  const links = [
    { label: 'Facebook', icon: <FacebookIcon />, href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { label: 'Whatsapp', icon: <WhatsAppIcon />, href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    {
      label: 'E-Mail',
      icon: <EmailIcon />,
      href: `mailto:?subject=${encodeURIComponent(`Rezept: ${title}`)}&body=${encodeURIComponent(`Schau dir dieses Rezept an: ${url}`)}`,
    },
  ];
  return (
    <section aria-label="Rezept teilen" className={styles.share}>
      <Text variant="subtitle1" component="h2">
        Rezept teilen:
      </Text>
      <div className={styles.links}>
        <NativeShareButton title={title} url={url} />
        {links.map((link) => {
          const newTab = link.href.startsWith('http');
          return (
            <ButtonLink
              key={link.label}
              href={link.href}
              startIcon={link.icon}
              variant="outlined"
              size="small"
              {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {link.label}
              {/* Said before it happens: a screen reader would not notice the new tab. */}
              {newTab && <span className="visually-hidden"> (öffnet in neuem Tab)</span>}
            </ButtonLink>
          );
        })}
        <CopyLinkButton url={url} />
      </div>
    </section>
  );
}
