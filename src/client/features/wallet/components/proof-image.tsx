import { UploadedImage } from '@client/components/uploaded-image';
import { useApiQuery } from '@client/state/queries';

/** One uploaded proof image (WALLET-14), fetched by its id. */
export function ProofImage({ proofId, label }: { proofId: number; label: string }) {
  return <UploadedImage image={useApiQuery('withdrawalProof', { query: { proofId } })} label={label} />;
}
