import { useState } from 'react';
import { v4 as uuidv4 } from 'uuid';

import { sendEmailSchema } from '@domain/mass-email/rules.js';
import { showToast, TOAST_ERROR_TIMEOUT_MS } from '@/components/ui/toasts.js';
import { sendEmail } from './mass-email-api.js';

interface MassEmailDraft {
  subject: string;
  body: string;
  group: string;
  /** A campaign (not a test) was started: its progress is worth loading. */
  onCampaignStarted: () => void;
}

/** Sending the mass e-mail: checked by the shared rules, then a test to oneself or (once confirmed) the campaign. */
export function useMassEmailSend({ subject, body, group, onCampaignStarted }: MassEmailDraft) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key per confirmed message: a repeated click or a retried request starts one campaign.
  const [idempotencyKey, setIdempotencyKey] = useState(() => uuidv4());

  /** The shared rules first (blank subject or body), so the message matches the server's. */
  function validRequest(isTest: boolean) {
    const parsed = sendEmailSchema.safeParse({ subject, body, recipientsGroup: group, isTest, idempotencyKey });
    if (!parsed.success) {
      setRefusal(parsed.error.issues[0]!.message);
      return null;
    }
    setRefusal(null);
    return parsed.data;
  }

  async function submit(isTest: boolean) {
    const request = validRequest(isTest);
    if (!request) return;
    setBusy(true);
    try {
      const answer = await sendEmail(request);
      showToast('success', answer.message);
      if (!isTest) {
        setIdempotencyKey(uuidv4());
        onCampaignStarted();
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setRefusal(message);
      showToast('error', message, TOAST_ERROR_TIMEOUT_MS);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  /** Send (not the test) asks for the spec's confirmation first. */
  function askToConfirm() {
    if (validRequest(false)) setConfirming(true);
  }

  return { confirming, setConfirming, busy, refusal, submit, askToConfirm };
}
