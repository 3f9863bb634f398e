import { ImageOff } from 'lucide-react';
import { useApiQuery } from '@client/state/queries';

/** One uploaded proof image (WALLET-14), fetched by its id. */
export function ProofImage({ proofId, label }: { proofId: number; label: string }) {
  const proof = useApiQuery('withdrawalProof', { query: { proofId } });
  if (proof.isError) {
    return (
      <span className="proof-image proof-image--missing" role="img" aria-label={label}>
        <ImageOff aria-hidden size={20} />
      </span>
    );
  }
  if (!proof.data) return <span className="proof-image proof-image--loading" aria-busy="true" aria-label={label} />;
  return <img className="proof-image" src={`data:${proof.data.contentType};base64,${proof.data.data}`} alt={label} />;
}
