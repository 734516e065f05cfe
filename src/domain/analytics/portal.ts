/** The admin portal's statistics: texts (spec section 8) and limits, shared by the API and the web app. */

/** Days the counters-over-time chart covers. */
export const ANALYTICS_TREND_DAYS = 30;
/** The KPIs cover the last 30 days unless the admin picks dates. */
export const DEFAULT_KPI_DAYS = 30;

export const TEMPLATE_STATS_MESSAGES = {
  loading: 'Loading...',
  empty: 'No stats available.',
  failed: 'Error loading template stats. Please try again later.',
} as const;

export const RECENT_USERS_MESSAGES = {
  failed: 'An error occurred',
} as const;

/** Labels of the 12 counters, in the order of the spec's Admin analytics entity. */
export const SITE_COUNTER_LABELS = {
  totalPosts: 'Total posts',
  totalUsers: 'Total users',
  totalComments: 'Total comments',
  last30Posts: 'Posts, last 30 days',
  last30Users: 'Users, last 30 days',
  last30Comments: 'Comments, last 30 days',
  lastWeeksPosts: 'Posts, last 7 days',
  lastWeekUsers: 'Users, last 7 days',
  lastWeekComments: 'Comments, last 7 days',
  totalClicks: 'Link clicks',
  totalSaves: 'Saves',
  totalViews: 'Page views',
} as const;
