import type { AudienceSize } from '@domain/analytics/reports.js';
import type { CampaignSummary, SendEmailRequest } from '@domain/mass-email/rules.js';
import { apiRequest } from '@/lib/api-client.js';

export interface GroupRecipients {
  group: string;
  count: number;
  recipients: { _id: string; username: string | null }[];
}

export type Campaign = CampaignSummary;

export async function fetchGroupSizes(signal?: AbortSignal): Promise<AudienceSize[]> {
  return (await apiRequest<{ data: AudienceSize[] }>('/admin/emails/groups', { signal })).data;
}

export function fetchRecipients(group: string, signal?: AbortSignal): Promise<GroupRecipients> {
  return apiRequest<GroupRecipients>(`/admin/emails/getRecipients?group=${encodeURIComponent(group)}`, { signal });
}

export async function fetchCampaigns(signal?: AbortSignal): Promise<Campaign[]> {
  return (await apiRequest<{ data: Campaign[] }>('/admin/emails/campaigns', { signal })).data;
}

export function sendEmail(request: SendEmailRequest): Promise<{ success: true; message: string; campaignId?: string; total?: number }> {
  return apiRequest('/zapier/sendEmail', { method: 'POST', body: request });
}
