import { numericIdParams } from '@axoo/contract';
import { z } from 'zod';

/** What the judging sub-resources' routes share (issue #16). */
export const tags = ['judging'];
export const id = numericIdParams.shape.id;
export const idParams = numericIdParams;
export const noContent = z.null().describe('No content');
