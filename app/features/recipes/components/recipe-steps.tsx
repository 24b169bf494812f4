import { recipeSteps } from '../recipe-steps.ts';
import styles from './recipe-steps.module.css';

/**
 * The preparation as the author wrote it, one paragraph per step, each with
 * the anchor (`#schritt-N`) that the recipe's structured data links to.
 */
export function RecipeSteps({ description }: { description: string }) {
  return (
    <div>
      {recipeSteps(description).map((step) => (
        <p key={step.anchor} id={step.anchor} className={styles.step}>
          {step.display}
        </p>
      ))}
    </div>
  );
}
