// GET /3/companyinformation (scope `companyinformation`): the company's name, organisation number
// and tenant id (DatabaseNumber), which the app shows when a company is connected.

import { jsonReply, type Reply } from './http';
import { guardResource } from './resource-guard';
import type { ServiceState } from './state';

export function handleCompanyInformation(state: ServiceState, authorization: string | undefined): Reply {
  const guarded = guardResource(state, authorization, 'companyinformation');
  if ('reply' in guarded) return guarded.reply;
  const { profile } = guarded.caller.company;
  return jsonReply(200, {
    CompanyInformation: {
      Address: profile.address,
      City: profile.city,
      CountryCode: 'SE',
      DatabaseNumber: Number(profile.tenantId),
      CompanyName: profile.name,
      OrganizationNumber: profile.organisationNumber,
      VisitAddress: profile.visitAddress,
      VisitCity: profile.visitCity,
      VisitCountryCode: 'SE',
      VisitZipCode: profile.visitZipCode,
      ZipCode: profile.zipCode,
    },
  });
}
