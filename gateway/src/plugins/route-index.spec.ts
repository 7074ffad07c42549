import { describe, expect, it } from 'vitest';
import { RouteIndex } from './route-index.ts';

describe('RouteIndex: the methods a path accepts (405 versus 404)', () => {
  const index = new RouteIndex();
  index.add('/verify/v1/init', 'POST');
  index.add('/verify/v1/result/:token', 'GET');
  index.add('/verify/v1/rules', ['GET', 'HEAD']);
  index.add('/verify/v1/rules', 'PUT');
  index.add('/oauth/*', ['GET', 'POST', 'OPTIONS']);
  index.add('/docs/swagger.json', 'GET');

  it('lists every method of the routes matching the path, HEAD with GET, sorted', () => {
    expect(index.allowed('/verify/v1/init')).toEqual(['POST']);
    expect(index.allowed('/verify/v1/result/xtk_abc?x=1')).toEqual(['GET', 'HEAD']);
    expect(index.allowed('/verify/v1/rules')).toEqual(['GET', 'HEAD', 'PUT']);
    expect(index.allowed('/oauth/token/deeper')).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
  });

  it('finds nothing for unknown paths: a parameter is one segment, static text is literal', () => {
    expect(index.allowed('/verify/v1/result/a/b')).toEqual([]);
    expect(index.allowed('/verify/v1/inits')).toEqual([]);
    expect(index.allowed('/docs/swaggerXjson')).toEqual([]);
    expect(index.allowed('/verify/v1/result/%E9')).toEqual(['GET', 'HEAD']); // undecodable: compared raw
  });
});
