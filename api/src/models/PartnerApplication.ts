// Objection model over `partner_applications` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { hasMany } from './relations.ts';
import { PartnerApplicationFile } from './PartnerApplicationFile.ts';

export class PartnerApplication extends Model {
  static override tableName = 'partner_applications';
  static override relationMappings: RelationMappingsThunk = () => ({
    partnerApplicationFiles: hasMany(PartnerApplicationFile, 'partner_applications.id', 'partner_application_files.applicationId'),
  });
  id!: number;
  attributionId!: number | null;
  businessName!: string;
  contactName!: string;
  email!: string;
  phone!: string;
  website!: string;
  businessType!: string;
  experienceYears!: string;
  monthlyVolume!: string;
  servicesInterested!: string;
  targetMarkets!: string;
  businessDescription!: string;
  whyPartner!: string;
  agreeToTerms!: boolean | number;
  createdAt!: string;
  status!: string;
  reviewNote!: string | null;
  reviewedAt!: string | null;
  reviewedByUserId!: number | null;
  clientKey!: string | null;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  partnerApplicationFiles?: PartnerApplicationFile[];
}
