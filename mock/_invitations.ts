/** The mock's invitations, in the shared store: made by mock/company.ts, looked up and used by mock/auth.ts. */
import type { Invitation } from '../contract/company/schema';
import type { Company } from '../contract/user/schema';
import { shared } from './_store';

export interface MockInvitation extends Invitation {
  token: string;
  company: Company;
  revoked?: boolean;
  accepted?: boolean;
}

const table = shared('invitations', () => [] as MockInvitation[]);

const isOpen = (invitation: MockInvitation) =>
  !invitation.revoked && !invitation.accepted && Date.parse(invitation.expiresAt) > Date.now();

export const mockInvitations = {
  add(invitation: Omit<MockInvitation, 'id' | 'token'>): MockInvitation {
    const id = String(table.length + 1);
    const row = { ...invitation, id, token: `invitation-${id}-${'x'.repeat(16)}` };
    table.push(row);
    console.log(`[mock] 邀请 ${row.email}: /user/register?invitation=${row.token}`);
    return row;
  },
  openOf: (companyKey: string | undefined) =>
    table.filter((invitation) => companyKey && invitation.company.key === companyKey && isOpen(invitation)),
  byToken: (token: string) => table.find((invitation) => invitation.token === token && isOpen(invitation)),
};
