// rate-limiter-flexible's index.js does not export RateLimiterStoreAbstract, its documented base for
// custom stores, though types.d.ts declares it; budgets.sql.ts imports the class from its own file.
declare module 'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js' {
  import { RateLimiterStoreAbstract } from 'rate-limiter-flexible';

  export default RateLimiterStoreAbstract;
}
