import type { TextsOf } from '../../../lib/i18n/texts-of';
import type { usersVi } from './vi';

/**
 * English texts of user groups, users and the audit log: the keys of `vi.ts`, no more, no fewer (checked by the type).
 */
export const usersEn: TextsOf<typeof usersVi> = {
  groups: {
    add: 'Add group',
    createTitle: 'Add group',
    editTitle: 'Edit group',
    name: 'Group name',
    desc: 'Description',
    functions: 'Permissions',
    functionsPlaceholder: 'Choose permissions',
    createdAt: 'Created',
    createSuccess: 'Group created',
    updateSuccess: 'Group updated',
    deleteSuccess: 'Group deleted',
    hasMembers: 'The group has members and cannot be deleted',
    membersFollow: 'Permission changes of the group apply at once to its {{count}} members',
    aboveYou: 'The group holds a permission you lack: read only',
  },
  users: {
    search: 'Search by name',
    add: 'Add user',
    createTitle: 'Add user',
    editTitle: 'Edit user',
    name: 'Full name',
    email: 'Email',
    group: 'Group',
    groupPlaceholder: 'Choose a group',
    password: 'Password',
    passwordHelp: 'Leave empty to keep the current password',
    phone: 'Phone number',
    functions: 'Permissions',
    createdAt: 'Created',
    createSuccess: 'User created',
    updateSuccess: 'User updated',
    deleteSuccess: 'User deleted',
    notHeld: 'You do not hold this permission, so you cannot grant or remove it',
    units: 'Units',
    unitsAll: 'Every unit of the area',
    unitsHelpUser:
      "Sees and changes only these units' stations, readings, recipients, subscribers and warnings. Empty: its group's; that empty too: every unit.",
    unitsHelpGroup: 'Members work only with these units (unless an account has its own). Empty: every unit.',
    aboveYou: 'The account holds a permission you lack: read only',
  },
  audit: {
    search: 'Search',
    user: 'User',
    content: 'Content',
    time: 'Time',
    empty: 'No records found',
    fromClient: 'Sent by a browser',
    fromClientHelp: 'Text sent by the user’s browser (POST /api/audit), not written by the server',
  },
};
