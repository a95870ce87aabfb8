export const tags = ['consent'];
export const security = [{ bearer: [] }];
