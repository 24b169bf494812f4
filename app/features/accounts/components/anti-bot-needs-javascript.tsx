import Alert from '@mui/material/Alert';

/**
 * Said up front, without JavaScript, on the forms the anti-bot proof of work
 * guards (sign-up, a reset mail): the browser solves it, so without
 * JavaScript the form can only be refused, and reloading does not help.
 * Placed outside the form's Stack: its spacing would count the hidden
 * <noscript> too and leave a gap above the fields when JavaScript runs.
 */
export function AntiBotNeedsJavaScript({ purpose }: { purpose: string }) {
  return (
    <noscript>
      <Alert severity="info" role="note" sx={{ mb: 2.5 }}>
        {`${purpose} braucht es JavaScript: Die Sicherheitsprüfung gegen Spam-Roboter läuft in deinem Browser. Bitte schalte JavaScript ein.`}
      </Alert>
    </noscript>
  );
}
