import { useRef, useState } from 'react';
import { AppLink } from '../../../components/app-link.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { ButtonWithPageFallback } from '../../../components/button-with-page-fallback.tsx';
import { DeleteIcon, EditIcon } from '../../../components/icons.tsx';
import { lazyComponent } from '../../../components/lazy-component.tsx';
import iconButton from '../../../components/icon-button.module.css';
import { deleteRecipePagePath } from '../recipe-deletion.ts';
import styles from './recipe-owner-controls.module.css';

// The confirmation is MUI's Dialog (focus trap, Escape); it loads on the first
// pointer over the delete button, focus or click, so the page renders no MUI.
const DeleteRecipeDialog = lazyComponent(() => import('./delete-recipe-dialog.tsx').then((module) => module.DeleteRecipeDialog));

export type OwnerControlsProps = {
  recipeId: string;
  /** Cards show two icons; the detail page a "Rezept bearbeiten" link and the delete icon. */
  variant?: 'icons' | 'detail';
  /** After the deletion go there (detail: "/"); without it the list reloads and the card is gone. */
  redirectTo?: string;
};

/**
 * The owner's edit and delete controls. Shown only to the owner; the server
 * checks ownership again on every request.
 */
export function RecipeOwnerControls({ recipeId, variant = 'icons', redirectTo }: OwnerControlsProps) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const row = useRef<HTMLDivElement>(null);
  return (
    <div ref={row} className={variant === 'detail' ? `${styles.row} ${styles.detail}` : styles.row}>
      {variant === 'detail' ? (
        <ButtonLink to={`/edit/${recipeId}`} variant="outlined" startIcon={<EditIcon />}>
          Rezept bearbeiten
        </ButtonLink>
      ) : (
        <AppLink to={`/edit/${recipeId}`} aria-label="Rezept bearbeiten" title="Rezept bearbeiten" className={`${iconButton.iconButton} ${iconButton.muted}`}>
          <EditIcon />
        </AppLink>
      )}
      {/* The confirmation page until React runs; then the dialog. */}
      <ButtonWithPageFallback
        href={deleteRecipePagePath(recipeId)}
        onActivate={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
        aria-label="Rezept löschen"
        title="Rezept löschen"
        className={`${iconButton.iconButton} ${iconButton.muted} ${styles.delete}`}
        loadFirst={DeleteRecipeDialog.preload}
      >
        <DeleteIcon />
      </ButtonWithPageFallback>
      {opening > 0 && (
        <DeleteRecipeDialog
          recipeId={recipeId}
          redirectTo={redirectTo}
          open={open}
          opening={opening}
          onCancel={() => setOpen(false)}
          focusAfterDeletion={() => neighbourCardTitle(row.current)}
        />
      )}
    </div>
  );
}

/**
 * On a list, the title link of the card after this one (or before it, for the last): where the
 * reader goes on once this card is deleted, instead of the page's heading far above.
 */
function neighbourCardTitle(row: HTMLElement | null) {
  const item = row?.closest('li');
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  return neighbour?.querySelector<HTMLElement>('h3 a');
}
