import type { ReactNode } from 'react';
import { Form } from 'react-router';
import type { AppPath } from './app-link.tsx';
import { ButtonLink } from './button-link.tsx';
import { SubmitButton } from './form/submit-button.tsx';
import { usePending } from './form/use-form.ts';
import { Paper } from './paper.tsx';
import { Stack } from './stack.tsx';
import { Text } from './text.tsx';
import styles from './delete-confirmation.module.css';

type Props = {
  title: string;
  /** The delete dialog's question, word for word. */
  question: string;
  /** Where the dialog's form posts (the page itself when not given), with its hidden fields. */
  action?: string;
  fields: Record<string, string>;
  /** Where "Abbrechen" leads back to. */
  cancelTo: AppPath;
  /** What is to be deleted, shown above the question. */
  children: ReactNode;
};

/** A delete dialog as a page of its own: where a delete icon leads without JavaScript. */
export function DeleteConfirmation({ title, question, action, fields, cancelTo, children }: Props) {
  const pending = usePending();
  return (
    <Paper className={styles.card}>
      <Form method="post" action={action}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Stack spacing={2}>
          <Text variant="h1" className={styles.title}>
            {title}
          </Text>
          {children}
          <Text>{question}</Text>
          <div className={styles.buttons}>
            <ButtonLink to={cancelTo} variant="outlined">
              Abbrechen
            </ButtonLink>
            <SubmitButton loading={pending}>Löschen</SubmitButton>
          </div>
        </Stack>
      </Form>
    </Paper>
  );
}
