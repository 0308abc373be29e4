import type { TextsOf } from '../../../lib/i18n/texts-of';
import type { dataLayersVi } from './vi';

/** English texts of the data layers page: the keys of `vi.ts`, no more, no fewer (checked by the type). */
export const dataLayersEn: TextsOf<typeof dataLayersVi> = {
  dataLayers: {
    add: 'Add data layer',
    createTitle: 'Add data layer',
    editTitle: 'Edit data layer',
    name: 'Layer name',
    nameRequired: 'Layer name is required',
    status: 'Status',
    on: 'On',
    off: 'Off',
    symbol: 'Symbol',
    creator: 'Creator',
    createdAt: 'Created at',
    createSuccess: 'Data layer created',
    updateSuccess: 'Data layer updated',
    deleteSuccess: 'Data layer deleted!',
    symbols: {
      cloud: 'Cloud',
      global: 'Globe',
      clock: 'Clock',
      drop: 'Water drop',
      flood: 'Flooded area',
      experiment: 'Test tube',
      environment: 'Location',
      flag: 'Flag',
    },
  },
};
