import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { categories, colors, concepts, fields } from './schema/index.ts';

/** Genres (SPEC "categories"); the first eight are the gallery's primary bar. */
const CATEGORY_SEED: [string, string, string][] = [
  ['painting', '회화', 'Painting'],
  ['illustration', '일러스트레이션', 'Illustration'],
  ['photography', '사진', 'Photography'],
  ['graphic-design', '그래픽 디자인', 'Graphic Design'],
  ['3d', '3D', '3D'],
  ['sculpture', '조각', 'Sculpture'],
  ['digital-art', '디지털 아트', 'Digital Art'],
  ['animation', '애니메이션', 'Animation'],
  ['drawing', '드로잉', 'Drawing'],
  ['printmaking', '판화', 'Printmaking'],
  ['craft', '공예', 'Craft'],
  ['installation', '설치 미술', 'Installation'],
  ['media-art', '미디어 아트', 'Media Art'],
  ['typography', '타이포그래피', 'Typography'],
  ['character-design', '캐릭터 디자인', 'Character Design'],
  ['comics', '만화', 'Comics'],
  ['fashion', '패션', 'Fashion'],
  ['product-design', '제품 디자인', 'Product Design'],
  ['architecture', '건축', 'Architecture'],
  ['calligraphy', '캘리그라피', 'Calligraphy'],
];
const PRIMARY = 8;

const FIELD_SEED: [string, string, string][] = [
  ['fine-art', '순수 미술', 'Fine Art'],
  ['advertising', '광고', 'Advertising'],
  ['branding', '브랜딩', 'Branding'],
  ['editorial', '편집', 'Editorial'],
  ['packaging', '패키지', 'Packaging'],
  ['game', '게임', 'Game'],
  ['film', '영화·영상', 'Film & Video'],
  ['music', '음반·음악', 'Music'],
  ['publishing', '출판', 'Publishing'],
  ['web-app', '웹·앱', 'Web & App'],
  ['textile', '텍스타일', 'Textile'],
  ['interior', '인테리어', 'Interior'],
];

const CONCEPT_SEED: [string, string, string][] = [
  ['abstract', '추상', 'Abstract'],
  ['figurative', '구상', 'Figurative'],
  ['minimal', '미니멀', 'Minimal'],
  ['nature', '자연', 'Nature'],
  ['portrait', '인물', 'Portrait'],
  ['landscape', '풍경', 'Landscape'],
  ['urban', '도시', 'Urban'],
  ['fantasy', '판타지', 'Fantasy'],
  ['surreal', '초현실', 'Surreal'],
  ['retro', '레트로', 'Retro'],
  ['pop', '팝', 'Pop'],
  ['traditional', '전통', 'Traditional'],
  ['emotion', '감성', 'Emotion'],
  ['pattern', '패턴', 'Pattern'],
];

const COLOR_SEED: [string, string, string][] = [
  ['#E53935', '빨강', 'Red'],
  ['#FB8C00', '주황', 'Orange'],
  ['#FDD835', '노랑', 'Yellow'],
  ['#43A047', '초록', 'Green'],
  ['#00ACC1', '청록', 'Teal'],
  ['#1E88E5', '파랑', 'Blue'],
  ['#3949AB', '남색', 'Indigo'],
  ['#8E24AA', '보라', 'Purple'],
  ['#D81B60', '분홍', 'Pink'],
  ['#6D4C41', '갈색', 'Brown'],
  ['#FFFFFF', '흰색', 'White'],
  ['#9E9E9E', '회색', 'Grey'],
  ['#000000', '검정', 'Black'],
];

/** Seeds the taxonomy lists only when they are empty: staff edits are never overwritten. */
export async function seedTaxonomy(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // One seeder at a time when several processes start together.
    await tx.execute(sql`select pg_advisory_xact_lock(727272)`);
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(categories)) as [{ n: number }];
    if (n === 0) {
      await tx
        .insert(categories)
        .values(CATEGORY_SEED.map(([category, nameKo, nameEn], i) => ({ category, nameKo, nameEn, isPrimary: i < PRIMARY, position: i })));
    }
    const [{ f }] = (await tx.select({ f: sql<number>`count(*)::int` }).from(fields)) as [{ f: number }];
    if (f === 0) await tx.insert(fields).values(FIELD_SEED.map(([field, nameKo, nameEn], i) => ({ field, nameKo, nameEn, position: i })));
    const [{ c }] = (await tx.select({ c: sql<number>`count(*)::int` }).from(concepts)) as [{ c: number }];
    if (c === 0) await tx.insert(concepts).values(CONCEPT_SEED.map(([concept, nameKo, nameEn], i) => ({ concept, nameKo, nameEn, position: i })));
    const [{ k }] = (await tx.select({ k: sql<number>`count(*)::int` }).from(colors)) as [{ k: number }];
    if (k === 0) await tx.insert(colors).values(COLOR_SEED.map(([code, nameKo, nameEn], i) => ({ code, nameKo, nameEn, position: i })));
  });
}
