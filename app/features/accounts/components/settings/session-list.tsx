import ComputerIcon from '@mui/icons-material/ComputerOutlined';
import PhoneIcon from '@mui/icons-material/PhoneIphoneOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { usePending } from '../../../../components/form/use-form.ts';
import { formatDateTime } from '../../../../utils/format.ts';
import { useHydrated } from '../../../../utils/use-hydrated.ts';
import type { SettingsAnswer } from '../../account-schemas.ts';
import { settingsFormAction } from '../../settings-sections.ts';
import { FormMessages } from './form-messages.tsx';

export type SessionRow = { id: string; device: string; signedInAt: string; lastSeenAt: string; current: boolean };

const PHONES = /iPhone|Android|iPad/;

const END_ALL_QUESTION = 'Willst du dich auf allen Geräten abmelden? Auch hier musst du dich danach neu anmelden.';

/** Where the account is signed in: this device first, each other one with its own "Abmelden". */
export function SessionList({ sessions, actionData }: { sessions: SessionRow[]; actionData: SettingsAnswer | undefined }) {
  const ending = usePending('end-session');
  const endingAll = usePending('end-all-sessions');
  const answer = actionData?.intent === 'end-session' && !ending ? actionData : undefined;
  const hydrated = useHydrated();
  const action = settingsFormAction('end-session', hydrated);
  return (
    <Stack spacing={2}>
      <FormMessages message={answer?.message} formError={answer?.formError} />
      <Stack component="ul" divider={<Divider component="li" aria-hidden />} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {sessions.map((session) => (
          <Stack
            component="li"
            key={session.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <Stack direction="row" spacing={1.5} sx={{ flexGrow: 1, alignItems: 'flex-start', minWidth: 0 }}>
              {PHONES.test(session.device) ? <PhoneIcon aria-hidden sx={{ mt: 0.25 }} /> : <ComputerIcon aria-hidden sx={{ mt: 0.25 }} />}
              <Stack spacing={0.25} sx={{ minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600 }}>{session.device}</Typography>
                  {session.current && <Chip label="Dieses Gerät" size="small" color="secondary" />}
                </Stack>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Zuletzt aktiv {formatDateTime(session.lastSeenAt)} · angemeldet seit {formatDateTime(session.signedInAt)}
                </Typography>
              </Stack>
            </Stack>
            {!session.current && (
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <Button
                  type="submit"
                  variant="outlined"
                  size="small"
                  disabled={ending}
                  aria-label={`Abmelden: ${session.device}, zuletzt aktiv ${formatDateTime(session.lastSeenAt)}`}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  Abmelden
                </Button>
              </Form>
            )}
          </Stack>
        ))}
      </Stack>
      <EndAllSessions confirmFirst={hydrated} busy={endingAll} />
    </Stack>
  );
}

/**
 * "Überall abmelden" ends this session too, so it asks first. Before the
 * page's script runs, the button is the form's plain submit: it works, unasked.
 * It stays the same element once the script runs (a focus on it is kept);
 * only its click then opens the question.
 */
function EndAllSessions({ confirmFirst, busy }: { confirmFirst: boolean; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  // On the page an outlined button (a grey filled one read as disabled); in the dialog the strong one.
  const form = (inDialog: boolean) => (
    <Form method="post">
      <input type="hidden" name="intent" value="end-all-sessions" />
      <Button
        type="submit"
        variant={inDialog ? 'contained' : 'outlined'}
        disabled={busy}
        sx={{ whiteSpace: 'nowrap' }}
        onClick={
          inDialog || !confirmFirst
            ? undefined
            : (event) => {
                event.preventDefault();
                setAsking(true);
              }
        }
      >
        Überall abmelden
      </Button>
    </Form>
  );
  return (
    <>
      {form(false)}
      {confirmFirst && <ConfirmDialog open={asking} question={END_ALL_QUESTION} onCancel={() => setAsking(false)} busy={busy} confirm={form(true)} />}
    </>
  );
}
