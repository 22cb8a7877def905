// Automatic column matches for the mapping screen: a header matches a field when, lower-cased and
// stripped of spaces and punctuation, it is one of the field's usual names.
import type { ColumnMapping, LeadField, LeadImportTarget } from '@tm/shared/schemas/admin';
import { LEAD_FIELDS_BY_TARGET } from '@tm/shared/schemas/admin';

const SYNONYMS: Record<LeadField, string[]> = {
  name: ['name', 'fullname', 'customername', 'leadname', 'contactname', 'clientname'],
  firstName: ['firstname', 'first', 'fname', 'givenname'],
  lastName: ['lastname', 'last', 'lname', 'surname', 'familyname'],
  phone: [
    'phone',
    'phonenumber',
    'phoneno',
    'phone1',
    'primaryphone',
    'mobile',
    'mobilephone',
    'cell',
    'cellphone',
    'telephone',
    'tel',
    'customerphone',
    'homephone',
  ],
  email: ['email', 'emailaddress', 'mail', 'customeremail'],
  state: ['state', 'st', 'province', 'region', 'customerstate', 'statecode'],
  zipCode: ['zip', 'zipcode', 'postalcode', 'postcode', 'zip5', 'postal'],
  ageRange: ['agerange', 'currentagerange', 'ageband', 'agegroup'],
  ageDays: ['agedays', 'actualage', 'leadage', 'ageindays', 'daysold', 'days'],
  price: ['price', 'cost', 'priceusd', 'amount', 'leadprice'],
  formFillTime: [
    'formfilltime',
    'formfilldate',
    'formfilled',
    'optindate',
    'optintime',
    'leaddate',
    'createdat',
    'datecreated',
    'date',
    'timestamp',
    'submittedat',
  ],
  recordingUrl: ['recordingurl', 'recording', 'recordinglink', 'audiourl'],
  callDuration: ['callduration', 'duration', 'calllength', 'durationseconds'],
  consentSourceUrl: ['consentsourceurl', 'sourceurl', 'consenturl', 'pageurl', 'landingpage', 'landingpageurl', 'optinurl', 'url'],
  consentAt: ['consentat', 'consenttime', 'consentdate', 'consenttimestamp', 'optintimestamp'],
  consentIp: ['consentip', 'ipaddress', 'ip', 'optinip', 'userip'],
  consentText: ['consenttext', 'consentlanguage', 'tcpatext', 'tcpalanguage', 'disclosure'],
  certificateId: [
    'certificateid',
    'certificate',
    'trustedform',
    'trustedformcerturl',
    'trustedformcertificate',
    'xxtrustedformcerturl',
    'certurl',
    'jornaya',
    'jornayaleadid',
    'universalleadid',
  ],
  certificateClaimExpiresAt: ['certificateclaimexpiresat', 'claimexpires', 'claimexpiresat', 'certificateexpires', 'certexpires'],
};

export const normaliseHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

export function suggestMapping(headers: string[], target: LeadImportTarget): ColumnMapping {
  const keys = headers.map(normaliseHeader);
  const used = new Set<number>();
  const mapping: ColumnMapping = {};
  for (const field of LEAD_FIELDS_BY_TARGET[target]) {
    // The earliest synonym wins (e.g. "phone" before "cell" when a file has both).
    for (const syn of SYNONYMS[field]) {
      const idx = keys.findIndex((k, i) => k === syn && !used.has(i));
      if (idx >= 0) {
        mapping[field] = idx;
        used.add(idx);
        break;
      }
    }
  }
  return mapping;
}
