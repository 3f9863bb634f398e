import type { UseQueryResult } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';

/** An image file as the server returns one a player uploaded: its type and its bytes in base64. */
export interface UploadedImageFile {
  contentType: string;
  data: string;
}

/** One image a player uploaded (a withdrawal proof, an application's picture), from the read that fetches it by id. */
export function UploadedImage({ image, label }: { image: UseQueryResult<UploadedImageFile, unknown>; label: string }) {
  if (image.isError) {
    return (
      <span className="proof-image proof-image--missing" role="img" aria-label={label}>
        <ImageOff aria-hidden size={20} />
      </span>
    );
  }
  if (!image.data) return <span className="proof-image proof-image--loading" aria-busy="true" aria-label={label} />;
  return <img className="proof-image" src={`data:${image.data.contentType};base64,${image.data.data}`} alt={label} />;
}
