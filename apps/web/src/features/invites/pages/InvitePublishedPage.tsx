export { NotYet as default } from '../../../shell/NotYet.tsx';
