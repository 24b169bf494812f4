import { useState } from 'react';
import { ButtonWithPageFallback } from '../../../components/button-with-page-fallback.tsx';
import { DeleteOutlineIcon } from '../../../components/icons.tsx';
import iconButton from '../../../components/icon-button.module.css';
import { lazyComponent } from '../../../components/lazy-component.tsx';
import { deleteCommentPath } from '../comment-paths.ts';

// The confirmation is MUI's Dialog (focus trap, Escape); it loads on the first
// pointer over the icon, focus or click, so the page renders no MUI.
const DeleteCommentDialog = lazyComponent(() => import('./delete-comment-dialog.tsx').then((module) => module.DeleteCommentDialog));

/** The delete icon of a comment its author (or the recipe's owner) may remove. */
export function DeleteCommentButton({ recipeId, commentId }: { recipeId: string; commentId: string }) {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted: it closes with its transition and hands focus back.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      {/* The confirmation page until React runs; then the dialog. */}
      <ButtonWithPageFallback
        href={deleteCommentPath(recipeId, commentId)}
        onActivate={() => {
          setWanted(true);
          setOpen(true);
        }}
        aria-label="Kommentar löschen"
        title="Kommentar löschen"
        className={`${iconButton.iconButton} ${iconButton.muted}`}
        loadFirst={DeleteCommentDialog.preload}
      >
        <DeleteOutlineIcon />
      </ButtonWithPageFallback>
      {wanted && <DeleteCommentDialog commentId={commentId} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
