import { Paper } from '../../../components/paper.tsx';
import { Text } from '../../../components/text.tsx';
import type { Ingredient } from '../recipe-types.ts';
import { scaleIngredient, scaleQuantity, servingsOf } from '../servings.ts';
import styles from './ingredients-panel.module.css';
import { ServingsStepper } from './servings-stepper.tsx';

type Props = {
  quantity: string;
  ingredients: Ingredient[];
  /** The servings the reader chose (`?portionen=N`), when the quantity names a number to scale. */
  servings?: number;
};

export function IngredientsPanel({ quantity, ingredients, servings }: Props) {
  const recipeServings = servingsOf(quantity);
  const count = recipeServings ? (servings ?? recipeServings.count) : undefined;
  const factor = recipeServings && count ? count / recipeServings.count : 1;
  return (
    <Paper component="section" aria-labelledby="zutaten" className={styles.panel}>
      <Text variant="h3" component="h2" id="zutaten">
        Zutaten
      </Text>
      <div className={styles.quantity}>
        <Text className={styles.quantityText}>{recipeServings && count ? scaleQuantity(quantity, recipeServings, count) : quantity}</Text>
        {recipeServings && count && <ServingsStepper count={count} recipeCount={recipeServings.count} />}
      </div>
      <table className={styles.table}>
        <tbody>
          {ingredients.map((ingredient, index) => {
            const { amount, name } = scaleIngredient(ingredient, factor);
            return (
              <tr key={index} className={styles.row}>
                <td className={styles.amount}>{amount}</td>
                <td className={styles.name}>{name}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Paper>
  );
}
