import { type FloodPhoto, FloodPhotoSchema } from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRaw } from '../../../lib/api/client';
import { floodPhotosKeys } from './flood-photos-api';

// Apart from the list: only the 'Đăng ảnh' form (loaded on first use) needs the post.

/** What 'Đăng ảnh' sends (public-portal §7): the text fields, the place, then the image file. */
export interface NewFloodPhoto {
  desc: string;
  location: string;
  lat: number;
  long: number;
  image: Blob;
  /** The file name sent with the image. */
  fileName: string;
}

/** `POST /api/flood` (multipart). Errors are left to the form: 400 names the fields, 413 and 429 say why. */
export async function postFloodPhoto(photo: NewFloodPhoto): Promise<FloodPhoto> {
  const body = new FormData();
  body.append('desc', photo.desc);
  body.append('location', photo.location);
  body.append('lat', String(photo.lat));
  body.append('long', String(photo.long));
  body.append('image', photo.image, photo.fileName);
  const response = await apiRaw('/flood', { method: 'POST', body, errorHandling: 'no-toast' });
  return FloodPhotoSchema.parse(await response.json());
}

/**
 * Posts a photo. On success the new photo joins the map's list at once (newest first), then every photo
 * list is fetched again.
 */
export function usePostFloodPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: NewFloodPhoto) => postFloodPhoto(photo),
    onSuccess: (created) => {
      queryClient.setQueryData<FloodPhoto[]>(floodPhotosKeys.map, (list) =>
        list ? [created, ...list.filter((p) => p.id !== created.id)] : [created],
      );
      void queryClient.invalidateQueries({ queryKey: floodPhotosKeys.all });
    },
  });
}
