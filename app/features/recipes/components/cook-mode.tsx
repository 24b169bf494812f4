import { useEffect, useRef, useSyncExternalStore, type PointerEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { servingsQuery } from '../../../utils/servings-param.ts';
import { recipeSteps } from '../recipe-steps.ts';
import type { RecipeDetail } from '../recipe-types.ts';
import { scaleIngredient, scaleQuantity, servingsOf } from '../servings.ts';
import { useWakeLock } from '../use-wake-lock.ts';
import styles from './cook-mode.module.css';

/** The query parameter of the step shown (1 is the bare address). */
export const STEP_PARAM = 'schritt';

type Props = {
  recipe: Pick<RecipeDetail, 'uid' | 'title' | 'quantity' | 'ingredients' | 'description'>;
  servings: number | undefined;
  step: number;
};

/**
 * Kochmodus: one recipe in large type for the stove. The ingredients are a
 * checklist (kept in this browser, per recipe), the steps come one at a
 * time (buttons, arrow keys, a swipe; the step is in the URL, so a reload
 * or a shared link keeps it and the buttons work without JavaScript), the
 * screen stays on while the page is open, and Escape leads back to the recipe.
 */
export function CookMode({ recipe, servings, step }: Props) {
  const steps = recipeSteps(recipe.description);
  const current = Math.min(Math.max(step, 1), steps.length);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const wake = useWakeLock();
  const [checked, toggle] = useCheckedIngredients(recipe.uid, recipe.ingredients.length);
  const backHref = `/detail/${recipe.uid}${servingsQuery(servings)}`;

  const stepHref = (n: number) => {
    const params = new URLSearchParams(searchParams);
    if (n === 1) params.delete(STEP_PARAM);
    else params.set(STEP_PARAM, String(n));
    const query = params.toString();
    return query ? `?${query}` : '?';
  };
  // "← Zurück" is gone on the first step: if it had the focus, the focus goes to the step's other
  // button instead of falling to the page's start.
  const stepNav = useRef<HTMLElement>(null);
  const focusInStepNav = useRef(false);
  const noteFocus = () => {
    focusInStepNav.current = stepNav.current?.contains(document.activeElement) ?? false;
  };
  useEffect(() => {
    if (focusInStepNav.current && !stepNav.current?.contains(document.activeElement)) stepNav.current?.querySelector('a')?.focus();
    focusInStepNav.current = false;
  }, [current]);

  const goTo = (n: number) => {
    if (n < 1 || n > steps.length || n === current) return;
    noteFocus();
    void navigate(stepHref(n), { replace: true, preventScrollReset: true });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key === 'ArrowRight') goTo(current + 1);
      else if (event.key === 'ArrowLeft') goTo(current - 1);
      // The whole screen is cook mode's: Escape leaves it, as it closes what covers a page.
      else if (event.key === 'Escape' && !event.defaultPrevented) void navigate(backHref);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // A swipe to the left shows the next step, to the right the previous one.
  const swipeStart = useRef<number | undefined>(undefined);
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === undefined) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = undefined;
    if (distance < -60) goTo(current + 1);
    else if (distance > 60) goTo(current - 1);
  };

  const recipeServings = servingsOf(recipe.quantity);
  const factor = recipeServings && servings ? servings / recipeServings.count : 1;
  const shown = steps[current - 1];

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.label}>Kochmodus</p>
        <h1 className={styles.title}>{recipe.title}</h1>
        <Link to={backHref} className={styles.close} aria-keyshortcuts="Escape" data-print="hide">
          Kochmodus beenden
        </Link>
      </header>

      <WakeLockControl {...wake} />

      {/* The step and the ingredients are the page's content: a <main> lets a screen reader jump to them. */}
      <main className={styles.body}>
        <section aria-labelledby="kochmodus-schritt" className={styles.step} onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
          {/* Read out as a whole when the step changes: its number and what to do. */}
          <div aria-live="polite" aria-atomic="true" className={styles.stepShown}>
            <h2 id="kochmodus-schritt" className={styles.heading}>
              Schritt {current} von {steps.length}
            </h2>
            <p className={styles.stepText}>{shown?.text}</p>
          </div>
          <nav ref={stepNav} aria-label="Schritte" className={styles.stepNav} data-print="hide">
            {current > 1 ? (
              <Link to={stepHref(current - 1)} replace preventScrollReset className={styles.stepButton} onClick={noteFocus}>
                ← Zurück
              </Link>
            ) : (
              <span />
            )}
            {current < steps.length ? (
              <Link to={stepHref(current + 1)} replace preventScrollReset className={`${styles.stepButton} ${styles.next}`}>
                Weiter →
              </Link>
            ) : (
              <Link to={backHref} className={`${styles.stepButton} ${styles.next}`}>
                Fertig
              </Link>
            )}
          </nav>
        </section>
        <section aria-labelledby="kochmodus-zutaten" className={styles.ingredients}>
          <h2 id="kochmodus-zutaten" className={styles.heading}>
            Zutaten
          </h2>
          <p className={styles.quantity}>
            {recipeServings && servings ? scaleQuantity(recipe.quantity, recipeServings, servings) : recipe.quantity}
          </p>
          <ul className={styles.checklist}>
            {recipe.ingredients.map((ingredient, index) => {
              const { amount, name } = scaleIngredient(ingredient, factor);
              return (
                <li key={index}>
                  <label className={styles.check}>
                    <input type="checkbox" checked={checked[index] ?? false} onChange={() => toggle(index)} />
                    <span>
                      {amount && <strong>{amount} </strong>}
                      {name}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </section>

      </main>
    </div>
  );
}

function WakeLockControl({ supported, wanted, setWanted, active, refused }: ReturnType<typeof useWakeLock>) {
  if (supported === false || refused) {
    return (
      <p role="note" className={styles.wakeNote} data-print="hide">
        {/* Refused: the browser can, but the device said no (battery saver, a permission). */}
        {refused
          ? 'Dein Gerät lässt den Bildschirm gerade nicht wach halten (etwa im Stromsparmodus).'
          : 'Dieser Browser kann den Bildschirm nicht wach halten.'}{' '}
        Stelle die automatische Bildschirmsperre in den Einstellungen deines Geräts länger ein, solange du kochst.
      </p>
    );
  }
  // Before hydration nothing can be kept on: the row keeps its place unseen (and out of reach), so
  // the step below does not move when it comes.
  const pending = supported === undefined;
  return (
    <div className={pending ? `${styles.wake} ${styles.pending}` : styles.wake} inert={pending} data-print="hide">
      <button type="button" aria-pressed={wanted} className={styles.wakeButton} onClick={() => setWanted(!wanted)}>
        Bildschirm anlassen
      </button>
      <span role="status" className={styles.wakeStatus}>
        {active ? 'Der Bildschirm bleibt an.' : 'Der Bildschirm darf ausgehen.'}
      </span>
    </div>
  );
}

/** Tells this page's readers of the ticks that they changed (the 'storage' event only tells other tabs). */
const tickListeners = new Set<() => void>();

function subscribeToTicks(listener: () => void) {
  tickListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    tickListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Where ticks live when the browser keeps no storage for the site: as long as the page. */
const ticksWithoutStorage = new Map<string, string>();

function readTicks(key: string) {
  try {
    return localStorage.getItem(key) ?? '[]';
  } catch {
    return ticksWithoutStorage.get(key) ?? '[]';
  }
}

/** Which ingredients are ticked off, kept in this browser per recipe (so a reload keeps them). */
function useCheckedIngredients(recipeId: string, count: number) {
  const key = `chuchiblog:kochmodus:${recipeId}`;
  const saved = useSyncExternalStore(subscribeToTicks, () => readTicks(key), () => '[]');
  let ticked: unknown;
  try {
    ticked = JSON.parse(saved);
  } catch {
    ticked = [];
  }
  const checked = Array.from({ length: count }, (_, index) => Array.isArray(ticked) && ticked.includes(index));
  const toggle = (index: number) => {
    const next = checked.flatMap((value, i) => ((i === index ? !value : value) ? [i] : []));
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      ticksWithoutStorage.set(key, JSON.stringify(next));
    }
    for (const listener of tickListeners) listener();
  };
  return [checked, toggle] as const;
}
