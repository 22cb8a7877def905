// GET /api/dashboard/home: the portal home's figures, computed by the server in one answer.

/** At or under this many transfers left (and above none) the home warns of a low balance. */
export const LOW_BALANCE_THRESHOLD = 5;
export const HOME_RECENT_PURCHASES = 5;
export const HOME_UPCOMING_APPOINTMENTS = 5;

export type HomeAlertKind = 'low_balance' | 'no_balance' | 'paused';
export interface HomeAlert {
  kind: HomeAlertKind;
  message: string;
}

export interface HomePurchase {
  orderId: number;
  /** ISO instant the order was paid. */
  at: string;
  description: string;
  amountCents: number;
  receiptPath: string;
}

export interface HomeAppointment {
  id: number;
  customerName: string;
  customerPhone: string;
  customerState: string | null;
  /** ISO instant of the appointment. */
  at: string;
}

export interface DashboardHomeView {
  /** The agent's time zone (their transfer settings; America/New_York by default). */
  timeZone: string;
  transfersRemaining: number;
  transfersPurchased: number;
  /** Charged for billable calls, not credited back. */
  spentCents: number;
  transfersToday: number;
  /** Since Monday 00:00 on the agent's clock. */
  transfersThisWeek: number;
  /** The agent's disputes still waiting for an admin's decision. */
  disputesAwaitingDecision: number;
  paused: boolean;
  recentPurchases: HomePurchase[];
  upcomingAppointments: HomeAppointment[];
  alerts: HomeAlert[];
}

export const LOW_BALANCE_MESSAGE = (n: number) => `Only ${n} ${n === 1 ? 'transfer' : 'transfers'} left. Order more to keep calls coming.`;
export const NO_BALANCE_MESSAGE = 'You have no transfers left, so calls are paused. Order more to resume.';
export const PAUSED_MESSAGE = 'Your transfers are paused: no calls will be sent until you resume them in My Transfers.';
export const pausedUntilMessage = (resumeDate: string) => `Your transfers are paused until ${resumeDate}: no calls will be sent before then.`;
