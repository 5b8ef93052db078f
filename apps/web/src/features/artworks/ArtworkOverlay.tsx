import { NotYet } from '../../shell/NotYet.tsx';

export default function ArtworkOverlay(_props: { id: number }) {
  return <NotYet />;
}
