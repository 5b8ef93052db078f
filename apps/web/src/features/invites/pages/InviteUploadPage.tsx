import { useParams } from 'react-router';
import UploadPage from '../../upload/UploadPage.tsx';

/** SPEC §2 application flow step 1: the upload form tied to the invite (publishing goes to step 2). */
export default function InviteUploadPage() {
  const inviteId = Number(useParams().inviteId);
  return <UploadPage inviteId={inviteId} />;
}
