import { lazyComponent } from './components/lazy-component.tsx';
import { CommentForm } from './features/comments/components/lazy-comment-form.ts';
import { RecipeOwnerActions } from './features/recipes/components/recipe-owner-actions.tsx';

// The parts only signed-in readers see: anonymous readers, nearly all traffic, never download them.

/** The header's "Erfassen" and account menu (root.tsx). */
export const AccountControl = lazyComponent(() =>
  import('./features/accounts/components/account-control.tsx').then((module) => module.AccountControl),
);

/** The floating "Rezept erfassen" button (root.tsx). */
export const CreateRecipeFab = lazyComponent(() =>
  import('./components/layout/create-recipe-fab.tsx').then((module) => module.CreateRecipeFab),
);

/**
 * Fetches the code of every part a signed-in page may show: on the login page while the reader types,
 * and on a signed-in reader's first page for the next ones. A part whose code is still on its way
 * when a page shows it first shows nothing, and React then waits 300 ms before it reveals it (the
 * header had neither Login nor the account control for that long after a login).
 */
export function preloadSignedInParts() {
  for (const preload of [AccountControl.preload, CreateRecipeFab.preload, RecipeOwnerActions.preload, CommentForm.preload]) {
    // Not fetched (offline, a new build): the part loads when it is first shown.
    preload().catch(() => undefined);
  }
}
