import { mediaUrl, mediaWidthSrcSet, WIDE_SIZES, WIDE_WIDTHS } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { avatarImage } from '../../ui/avatar.ts';
import { useCurrentUser, useSite } from '../../site.ts';
import { LazyReportButton } from '../../kit/components/LazyReportButton.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { HireBadge } from '../../kit/components/HireBadge.tsx';
import { ContactSlot } from '../../kit/slots.tsx';
import { normaliseSlug, type ProfileTab, profileKey, useProfile } from './api/profiles.ts';
import { FollowSlot } from '../../kit/slots.tsx';

import { FollowCounts } from './components/FollowCounts.tsx';
import { LevelControl } from './components/LevelControl.tsx';
import { ProfileArtworks } from './components/ProfileArtworks.tsx';
import { ProfileCards } from './components/ProfileCards.tsx';
import { SocialLinks } from './components/SocialLinks.tsx';
import styles from './Profile.module.css';
import { lazyComponent } from '../../lazy.ts';

// The owner's edit form (react-hook-form, the cropper, selects) loads for the owner only, not with every profile (issue #14).
const EditProfile = lazyComponent(() => import('./components/EditProfile.tsx').then((m) => ({ default: m.EditProfile })));

function tabOf(value: string | null): ProfileTab {
  return value === 'collection' || value === 'application' ? value : 'projects';
}

/** SPEC §2 Profile at /{slug}/: banner, author card, social links, cards, tabs and the grid. */
export default function ProfilePage() {
  const { t } = useTranslation('profiles');
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const viewer = useCurrentUser();
  const site = useSite();
  const client = useQueryClient();
  const { data: profile, isError, isPending } = useProfile(slug);

  // SPEC §8: profile not found or a failed lookup goes home.
  if (isError) return <Navigate to="/" replace />;
  if (isPending || !profile) return <Spinner />;

  const isOwner = viewer?.id === profile.id;
  const banner = profile.cropped_banner || profile.banner;
  const tab = tabOf(search.get('type'));

  return (
    <div className={styles.profile} data-testid="profile" data-profile-id={profile.id}>
      <div className={styles.banner} data-testid="profile-banner">
        {banner && (
          <img
            src={mediaUrl(banner, 2000)}
            srcSet={mediaWidthSrcSet(banner, WIDE_WIDTHS)}
            sizes={WIDE_SIZES}
            alt={profile.banner_alt || t('banner')}
            width={2000}
            height={500}
            fetchPriority="high"
            data-testid="profile-banner-img"
          />
        )}
      </div>
      <div className={`page ${styles.layout}`}>
        <aside className={styles.side}>
          <section className={styles.card} aria-labelledby="profile-heading">
            <img
              className={styles.avatar}
              {...avatarImage(profile)}
              alt={profile.avatar_alt || t('avatar')}
              width={156}
              height={156}
              data-testid="profile-avatar"
            />
            <h1 id="profile-heading" className={styles.name}>
              {profile.name}
            </h1>
            <p className={styles.username}>@{profile.username}</p>
            {profile.categories.length > 0 && (
              <p className={styles.categories} data-testid="profile-categories">
                {profile.categories.map((c) => c.name).join(' · ')}
              </p>
            )}
            <HireBadge value={profile.available_for_hire} large />
            <FollowCounts profile={profile} />
            <FollowSlot artist={profile.id} size="large" />
            <SocialLinks profile={profile} />
            {/* Issue #20: write to the artist through the inbox (never by address); not on one's own page. */}
            {!isOwner && <ContactSlot artist={profile} />}
            <LazyReportButton target="user" targetId={profile.id} ownerId={profile.id} name={profile.name} />
            {isOwner && (
              <Suspense fallback={null}>
                <EditProfile slug={slug} />
              </Suspense>
            )}
            {viewer?.is_staff && <LevelControl profile={profile} onChanged={(p) => client.setQueryData(profileKey(normaliseSlug(slug)), p)} />}
          </section>
          <ProfileCards profile={profile} isOwner={isOwner} />
        </aside>
        <div className={styles.main}>
          {isOwner && !profile.is_premium && (
            <p className={styles.warning} role="status" data-testid="non-member-warning">
              {t('nonMember')}{' '}
              <a href={site.links.membership} target="_blank" rel="noreferrer">
                {t('nonMemberLink')}
              </a>
            </p>
          )}
          <ProfileArtworks profile={profile} isOwner={isOwner} tab={tab} />
        </div>
      </div>
    </div>
  );
}
