/** The tests bundle their child scripts as `npm run chaos` does: one helper, in scripts/lib. */
export { bundleScript } from '../../../scripts/lib/script-bundle'
