import { useCallback, useEffect, useState } from 'react';

import { formatDateTime } from '@/lib/date-time.js';
import { fetchCampaigns, type Campaign } from '../mass-email-api.js';

/** How often the campaign list is reloaded while a campaign is still sending. */
const PROGRESS_POLL_MS = 1_000;

/** The campaigns sent, reloaded every second while one is still sending; `reloadCampaigns` after starting one. */
export function useCampaigns() {
  // The list keeps showing while it reloads (useLoad would blank it on every poll).
  const [campaigns, setCampaigns] = useState<Campaign[] | null>(null);
  const [campaignsFailed, setCampaignsFailed] = useState<string | null>(null);
  const [campaignsRound, setCampaignsRound] = useState(0);
  const reloadCampaigns = useCallback(() => setCampaignsRound((round) => round + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    fetchCampaigns(controller.signal).then(
      (list) => {
        setCampaigns(list);
        setCampaignsFailed(null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setCampaignsFailed(error instanceof Error ? error.message : String(error));
      },
    );
    return () => controller.abort();
  }, [campaignsRound]);
  const sending = campaigns?.some((campaign) => !campaign.finished) ?? false;
  useEffect(() => {
    if (!sending) return;
    const timer = setTimeout(reloadCampaigns, PROGRESS_POLL_MS);
    return () => clearTimeout(timer);
  }, [sending, campaigns, reloadCampaigns]);
  return { campaigns, campaignsFailed, reloadCampaigns };
}

/** The campaigns with their progress, newest as the server orders them. */
export function CampaignList({ campaigns, campaignsFailed }: { campaigns: Campaign[] | null; campaignsFailed: string | null }) {
  return (
    <>
      <h3>Campaigns</h3>
      {campaignsFailed && <p role="alert">{campaignsFailed}</p>}
      {campaigns?.length === 0 && <p className="empty-state">No e-mails sent yet.</p>}
      {campaigns && campaigns.length > 0 && (
        <ul className="mass-email__campaigns" aria-label="Campaigns">
          {campaigns.map((campaign) => (
            <CampaignItem key={campaign.campaignId} campaign={campaign} />
          ))}
        </ul>
      )}
    </>
  );
}

function CampaignItem({ campaign }: { campaign: Campaign }) {
  const done = campaign.delivered + campaign.failed + campaign.skipped;
  return (
    <li className="admin-user mass-email__campaign" aria-label={campaign.subject}>
      <strong>{campaign.subject}</strong>
      <p className="admin-list__note">
        {campaign.group} · {formatDateTime(campaign.requestedAt)} · by {campaign.requestedBy.username ?? 'a deleted account'}
      </p>
      <progress max={campaign.total} value={done} aria-label={`${campaign.subject}: progress`} />
      <p role="status">
        {campaign.finished ? 'Finished: ' : 'Sending: '}
        <span data-testid="campaign-sent">
          {campaign.delivered} / {campaign.total} sent
        </span>
        {campaign.failed > 0 && `, ${campaign.failed} failed`}
        {campaign.skipped > 0 && `, ${campaign.skipped} skipped (update e-mails turned off or account gone since)`}
      </p>
    </li>
  );
}
