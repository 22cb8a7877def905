// Every migration, in order. Imported statically so tsx, vitest and bundlers all load them the same way;
// migrations/index.test.ts fails if a file in this folder is missing here.
import type { Knex } from 'knex';
import * as m0100 from './20261122000100_users.ts';
import * as m0200 from './20261122000200_onboarding_surveys.ts';
import * as m0300 from './20261122000300_leads.ts';
import * as m0400 from './20261122000400_lead_assignments.ts';
import * as m0500 from './20261122000500_appointments.ts';
import * as m0600 from './20261122000600_brightcall_callbacks.ts';
import * as m0700 from './20261122000700_orders.ts';
import * as m0800 from './20261122000800_partner_applications.ts';
import * as m0900 from './20261122000900_training.ts';
import * as m100800 from './20261122100800_lead_imports.ts';
import * as m101000 from './20261122101000_transfer_ledger.ts';
import * as m110000 from './20261122110000_password_changed_at.ts';
import * as m110100 from './20261122110100_lead_import_heartbeat.ts';
import * as m110200 from './20261122110200_leads_state_id_index.ts';
import * as m1123_0100 from './20261123000100_order_fulfilment_refunds.ts';
import * as m1123_200000 from './20261123200000_admin_inboxes_appointments.ts';
import * as m236000 from './20261123600000_blobs.ts';
import * as m1123_100000 from './20261123100000_order_deliveries.ts';
import * as m1123_8000 from './20261123800000_duplicate_caller.ts';
import * as m1123_8010 from './20261123801000_outcomes_api_tokens.ts';
import * as m1123_8020 from './20261123802000_appointment_calendar_no_show.ts';
import * as m1123_8030 from './20261123803000_compliance.ts';
import * as m1123_3000 from './20261123300000_sessions_holds_collations.ts';
import * as m2340_00 from './20261123400000_mail_outbox.ts';
import * as m1123_9000 from './20261123900000_users_deactivated_at.ts';
import * as m1124_2000 from './20261124200000_leads_for_sale_indexes.ts';
import * as m1124_8000_leadSales from './20261124800000_lead_sales.ts';
import * as m1124_8001_importConsent from './20261124800001_lead_import_consent.ts';
import * as m1126_1000_forSaleCounts from './20261126100000_leads_for_sale_counts.ts';
import * as m1126_4000_workingStatesWithoutPr from './20261126400000_working_states_without_pr.ts';
import * as m1126_6000_leadListings from './20261126600000_lead_listings.ts';
import * as m1127_1001_brightcallIdempotency from './20261127100100_brightcall_idempotency.ts';
import * as m1127_1002_appointmentsAssignedAt from './20261127100200_appointments_assigned_at.ts';
import * as m1127_2000_refundTransfers from './20261127200000_refund_transfers.ts';
import * as m1127_3000_auditLogBusiness from './20261127300000_audit_log_business.ts';
import * as m1127_4000_uploadReservations from './20261127400000_upload_reservations.ts';
import * as m1127_4001_outboxPriority from './20261127400100_outbox_priority.ts';
import * as m1127_4002_emailChanges from './20261127400200_email_changes.ts';
import * as m1127_4003_trainingAdminSessions from './20261127400300_training_admin_sessions.ts';
import * as m1127_5000_surveyPendingSignup from './20261127500000_survey_pending_signup.ts';
import * as m1127_6100_signupAdminStatus from './20261127610000_signup_admin_status.ts';
import * as m1127_6300_leadImportRefusedCells from './20261127630000_lead_import_refused_cells.ts';
import * as m1127_6400_disputeEvidence from './20261127640000_dispute_evidence.ts';
import * as m1127_6500_crmWebhooks from './20261127650000_crm_webhooks.ts';
import * as m1127_6600_autoRebill from './20261127660000_auto_rebill.ts';
import * as m1127_6700_noShowEvidence from './20261127670000_no_show_evidence.ts';
import * as m1129_4000_phoneDigits from './20261129400000_phone_digits.ts';
import * as m1129_4010_assignmentBatches from './20261129401000_assignment_batches.ts';
import * as m1129_4020_assignBatchColumns from './20261129402000_assign_batch_columns.ts';
import * as m1129_4030_reportIndexes from './20261129403000_report_indexes.ts';
import * as m1129_6000_attributions from './20261129600000_attributions.ts';
import * as m1129_1000_transferCallEndedBy from './20261129100000_transfer_call_ended_by.ts';
import * as m1129_1010_platformCallAttempts from './20261129101000_platform_call_attempts.ts';
import * as m1129_1020_disputeRuleReading from './20261129102000_dispute_rule_reading.ts';
import * as m1129_3000_outboxSealedLink from './20261129300000_outbox_sealed_link.ts';
import * as m1129_5000_usersLowBalanceThreshold from './20261129500000_users_low_balance_threshold.ts';
import * as m1130_3000_buyerPrices from './20261130300000_buyer_prices.ts';
import * as m1130_3001_orderItemsPriceSource from './20261130300100_order_items_price_source.ts';
import * as m1129_2000_appointmentsCallbackAt from './20261129200000_appointments_callback_at.ts';
import * as m1129_2001_brightcallRequestHash from './20261129200100_brightcall_request_hash.ts';
import * as m1129_2002_onboardingSettingsOffer from './20261129200200_onboarding_settings_offer.ts';
import * as m1130_1000_transferSettingsDeliveryPhone from './20261130100000_transfer_settings_delivery_phone.ts';
import * as m1130_4000_resultsCoveringIndexes from './20261130400000_results_covering_indexes.ts';
import * as m1201_1000_leadResultsDays from './20261201100000_lead_results_days.ts';
import * as m1201_1001_homeIndexes from './20261201100100_home_indexes.ts';
import * as m1201_1002_transferCallTotals from './20261201100200_transfer_call_totals.ts';
import * as m1201_3000_reportCoveringIndexes from './20261201300000_report_covering_indexes.ts';
import * as m1201_4000_leadImportRowsPhone from './20261201400000_lead_import_rows_phone.ts';
import * as m1201_6000_resultsLiveCovering from './20261201600000_results_live_covering.ts';
import * as m1201_6001_leadResultsMonths from './20261201600100_lead_results_months.ts';
import * as m1201_6002_transferResultsDays from './20261201600200_transfer_results_days.ts';
import * as m1202_1000_myLeadKeys from './20261202100000_my_lead_keys.ts';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

export const MIGRATIONS: Record<string, Migration> = {
  '20261122000100_users': m0100,
  '20261122000200_onboarding_surveys': m0200,
  '20261122000300_leads': m0300,
  '20261122000400_lead_assignments': m0400,
  '20261122000500_appointments': m0500,
  '20261122000600_brightcall_callbacks': m0600,
  '20261122000700_orders': m0700,
  '20261122000800_partner_applications': m0800,
  '20261122000900_training': m0900,
  '20261122100800_lead_imports': m100800,
  '20261122101000_transfer_ledger': m101000,
  '20261122110000_password_changed_at': m110000,
  '20261122110100_lead_import_heartbeat': m110100,
  '20261122110200_leads_state_id_index': m110200,
  '20261123000100_order_fulfilment_refunds': m1123_0100,
  '20261123200000_admin_inboxes_appointments': m1123_200000,
  '20261123600000_blobs': m236000,
  '20261123100000_order_deliveries': m1123_100000,
  '20261123800000_duplicate_caller': m1123_8000,
  '20261123801000_outcomes_api_tokens': m1123_8010,
  '20261123802000_appointment_calendar_no_show': m1123_8020,
  '20261123803000_compliance': m1123_8030,
  '20261123300000_sessions_holds_collations': m1123_3000,
  '20261123400000_mail_outbox': m2340_00,
  '20261123900000_users_deactivated_at': m1123_9000,
  '20261124200000_leads_for_sale_indexes': m1124_2000,
  '20261124800000_lead_sales': m1124_8000_leadSales,
  '20261124800001_lead_import_consent': m1124_8001_importConsent,
  '20261126100000_leads_for_sale_counts': m1126_1000_forSaleCounts,
  '20261126400000_working_states_without_pr': m1126_4000_workingStatesWithoutPr,
  '20261126600000_lead_listings': m1126_6000_leadListings,
  '20261127100100_brightcall_idempotency': m1127_1001_brightcallIdempotency,
  '20261127100200_appointments_assigned_at': m1127_1002_appointmentsAssignedAt,
  '20261127200000_refund_transfers': m1127_2000_refundTransfers,
  '20261127300000_audit_log_business': m1127_3000_auditLogBusiness,
  '20261127400000_upload_reservations': m1127_4000_uploadReservations,
  '20261127400100_outbox_priority': m1127_4001_outboxPriority,
  '20261127400200_email_changes': m1127_4002_emailChanges,
  '20261127400300_training_admin_sessions': m1127_4003_trainingAdminSessions,
  '20261127500000_survey_pending_signup': m1127_5000_surveyPendingSignup,
  '20261127610000_signup_admin_status': m1127_6100_signupAdminStatus,
  '20261127630000_lead_import_refused_cells': m1127_6300_leadImportRefusedCells,
  '20261127640000_dispute_evidence': m1127_6400_disputeEvidence,
  '20261127650000_crm_webhooks': m1127_6500_crmWebhooks,
  '20261127660000_auto_rebill': m1127_6600_autoRebill,
  '20261127670000_no_show_evidence': m1127_6700_noShowEvidence,
  '20261129400000_phone_digits': m1129_4000_phoneDigits,
  '20261129401000_assignment_batches': m1129_4010_assignmentBatches,
  '20261129402000_assign_batch_columns': m1129_4020_assignBatchColumns,
  '20261129403000_report_indexes': m1129_4030_reportIndexes,
  '20261129600000_attributions': m1129_6000_attributions,
  '20261129100000_transfer_call_ended_by': m1129_1000_transferCallEndedBy,
  '20261129101000_platform_call_attempts': m1129_1010_platformCallAttempts,
  '20261129102000_dispute_rule_reading': m1129_1020_disputeRuleReading,
  '20261129300000_outbox_sealed_link': m1129_3000_outboxSealedLink,
  '20261129500000_users_low_balance_threshold': m1129_5000_usersLowBalanceThreshold,
  '20261129200000_appointments_callback_at': m1129_2000_appointmentsCallbackAt,
  '20261129200100_brightcall_request_hash': m1129_2001_brightcallRequestHash,
  '20261129200200_onboarding_settings_offer': m1129_2002_onboardingSettingsOffer,
  '20261130300000_buyer_prices': m1130_3000_buyerPrices,
  '20261130300100_order_items_price_source': m1130_3001_orderItemsPriceSource,
  '20261130100000_transfer_settings_delivery_phone': m1130_1000_transferSettingsDeliveryPhone,
  '20261130400000_results_covering_indexes': m1130_4000_resultsCoveringIndexes,
  '20261201100000_lead_results_days': m1201_1000_leadResultsDays,
  '20261201100100_home_indexes': m1201_1001_homeIndexes,
  '20261201100200_transfer_call_totals': m1201_1002_transferCallTotals,
  '20261201300000_report_covering_indexes': m1201_3000_reportCoveringIndexes,
  '20261201400000_lead_import_rows_phone': m1201_4000_leadImportRowsPhone,
  '20261201600000_results_live_covering': m1201_6000_resultsLiveCovering,
  '20261201600100_lead_results_months': m1201_6001_leadResultsMonths,
  '20261201600200_transfer_results_days': m1201_6002_transferResultsDays,
  '20261202100000_my_lead_keys': m1202_1000_myLeadKeys,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const m = MIGRATIONS[name];
    if (!m) throw new Error(`Unknown migration ${name}`);
    return m;
  },
};
