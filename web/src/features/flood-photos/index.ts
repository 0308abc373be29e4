/** What other features may use of the flood photos: the map's layer and post, the back office's list. */
export {
  deleteFloodPhoto,
  type FloodPhotoPageQuery,
  fetchFloodPhotoPage,
  floodPhotosKeys,
} from './api/flood-photos-api';
export { usePostFloodPhoto } from './api/post-flood-photo';
export { mapFloodPhotosQuery, useMapFloodPhotos } from './api/use-flood-photos';
