// Partner network applications (/affnetwork): the form's fields and its checked files, stored together.
import { saveAttribution } from '../marketing/attribution.service.ts';
import type { Storage } from '../../storage/index.ts';
import type { AppConfig } from '../../config.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { partnerApplicationMail } from '../mail/account-messages.ts';
import { enqueueStaffAlert } from '../mail/staff-alerts.ts';
import type { Db } from '../../db/index.ts';
import type { PartnerApplication } from '@tm/shared/schemas/funnel';
import { toDbDate } from '../../db/dates.ts';
import { PartnerApplication as PartnerApplicationModel, PartnerApplicationFile } from '../../models/index.ts';
import { releaseReservation } from './upload-quotas.ts';
import { checkFile, storeFile, removeQuietly, cleanName, type IncomingFile, type CheckedFile } from './uploads.ts';

export const PARTNER_SUCCESS_MESSAGE = 'Application submitted successfully! We will review it and get back to you within 48 hours.';

export interface SubmittedApplication {
  applicationId: number;
  fileCount: number;
}

export async function submitPartnerApplication(
  deps: { db: Db; storage: Storage; config: AppConfig },
  input: PartnerApplication,
  files: IncomingFile[],
  now: Date,
  clientKey: string | null = null,
  /** The request's upload reservation (decision 170): it ends in the transaction that stores the files. */
  reservationId: number | null = null,
): Promise<SubmittedApplication> {
  const stored: string[] = [];
  try {
    const checked: CheckedFile[] = [];
    for (const f of files) checked.push(await checkFile(f));
    const rows: { file: CheckedFile; rel: string }[] = [];
    for (const file of checked) {
      const rel = await storeFile(deps.storage, file);
      stored.push(rel);
      rows.push({ file, rel });
    }
    const applicationId = await deps.db.transaction(async (trx) => {
      const { id } = await PartnerApplicationModel.query(trx).insert({
        attributionId: await saveAttribution(trx, input.attribution, now),
        businessName: input.businessName,
        contactName: input.contactName,
        email: input.email,
        phone: input.phone,
        website: input.website,
        businessType: input.businessType,
        experienceYears: input.experienceYears,
        monthlyVolume: input.monthlyVolume,
        servicesInterested: JSON.stringify(input.servicesInterested),
        targetMarkets: input.targetMarkets,
        businessDescription: input.businessDescription,
        whyPartner: input.whyPartner,
        agreeToTerms: input.agreeToTerms,
        clientKey,
        createdAt: toDbDate(now),
      });
      for (const { file, rel } of rows) {
        await PartnerApplicationFile.query(trx).insert({
          applicationId: id,
          originalName: cleanName(file.originalName),
          storedPath: rel,
          mimeType: file.mime,
          sizeBytes: file.size,
          createdAt: toDbDate(now),
        });
      }
      await releaseReservation(trx, reservationId);
      // "We received your application", written with it (decision 045).
      await enqueueMail(trx, now, partnerApplicationMail(deps.config, input.email, input.contactName));
      await enqueueStaffAlert(trx, deps.config, now, {
        kind: 'staff-partner-application',
        id: Number(id),
        company: input.businessName,
        contact: input.contactName,
        email: input.email,
        files: rows.length,
      });
      return id;
    });
    return { applicationId, fileCount: rows.length };
  } catch (err) {
    await Promise.all(stored.map((key) => deps.storage.remove(key).catch(() => undefined)));
    throw err;
  } finally {
    await removeQuietly(files.map((f) => f.tempPath));
  }
}
