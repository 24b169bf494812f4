import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { ButtonWithPageFallback } from '../../../components/button-with-page-fallback.tsx';
import { AccountCircleIcon } from '../../../components/icons.tsx';
import { lazyComponent } from '../../../components/lazy-component.tsx';
import iconButton from '../../../components/icon-button.module.css';

// The menu is MUI (focus trap, keyboard, placement); it loads on the first
// pointer over the button, focus or click, so a signed-in page renders no MUI.
const AccountMenu = lazyComponent(() => import('./account-menu.tsx').then((module) => module.AccountMenu));

/** The header's account control for a signed-in user: "Erfassen" and the account menu. */
export function AccountControl({ userName }: { userName: string }) {
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened, the menu stays mounted: it closes with its transition and hands focus back.
  const [menuWanted, setMenuWanted] = useState(false);
  const menuId = useId();
  const openMenu = (element: HTMLElement) => {
    setMenuWanted(true);
    setAnchor(element);
  };
  return (
    <>
      {pathname !== '/create' && (
        <ButtonLink to="/create" variant="text">
          Erfassen
        </ButtonLink>
      )}
      {/* The account page until React runs (it has Profil and Logout too); then the menu. */}
      <ButtonWithPageFallback
        href="/konto"
        onActivate={openMenu}
        className={`${iconButton.iconButton} ${iconButton.inherit}`}
        aria-label="Open"
        title="Open"
        loadFirst={AccountMenu.preload}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
      >
        <AccountCircleIcon />
      </ButtonWithPageFallback>
      {menuWanted && <AccountMenu id={menuId} anchor={anchor} userName={userName} onClose={() => setAnchor(null)} />}
    </>
  );
}
