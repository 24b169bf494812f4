import { lazyComponent } from '../../../components/lazy-component.tsx';

/** The comment form, fetched when first shown: only signed-in readers see it. */
export const CommentForm = lazyComponent(() => import('./comment-form.tsx').then((module) => module.CommentForm));
