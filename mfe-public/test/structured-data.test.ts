/** The JobPosting and Course data search engines read, taken from the data only where it is plain. */
import { describe, expect, it } from 'vitest';
import { course, job } from './render';
import { courseStructuredData, workloadOf } from '../src/features/courses/course-detail-page';
import { jobStructuredData, salaryOf } from '../src/features/jobs/job-structured-data';

describe('salaryOf', () => {
  it('reads RWF amounts, a range or one figure, per hour/day/week/month/year', () => {
    expect(salaryOf('RWF 400,000 - 500,000 per month')).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'RWF',
      value: { '@type': 'QuantitativeValue', minValue: 400000, maxValue: 500000, unitText: 'MONTH' },
    });
    expect(salaryOf('Rwf 1,200,000 per year')?.value).toEqual({
      '@type': 'QuantitativeValue',
      value: 1200000,
      unitText: 'YEAR',
    });
    expect(salaryOf('FRW 5,000 / day')?.value).toMatchObject({ value: 5000, unitText: 'DAY' });
  });

  it('gives nothing rather than a guess', () => {
    for (const text of [
      'RWF 8,000 per shift',
      'Negotiable',
      'USD 300 per month',
      '300,000',
      'RWF 500 - 400 per month',
      null,
    ])
      expect(salaryOf(text), String(text)).toBeNull();
  });
});

describe('JobPosting', () => {
  it('has the identifier, direct apply, and the salary when it is plain', () => {
    const data = jobStructuredData(job({ id: 42, salaryRange: 'RWF 250,000 - 320,000 per month' }));
    expect(data).toMatchObject({
      identifier: { '@type': 'PropertyValue', name: 'BTLS Coffee', value: '42' },
      directApply: true,
      baseSalary: { currency: 'RWF', value: { minValue: 250000, maxValue: 320000, unitText: 'MONTH' } },
    });
    expect(jobStructuredData(job({ salaryRange: 'RWF 8,000 per shift' }))).not.toHaveProperty('baseSalary');
  });
});

describe('Course', () => {
  it('has its workload as an ISO 8601 duration when the duration is plain, and its language', () => {
    expect(['2 weeks', '3 days', '1 week', '6 hours', '10 Days'].map(workloadOf)).toEqual([
      'P2W',
      'P3D',
      'P1W',
      'PT6H',
      'P10D',
    ]);
    expect(workloadOf('About two weeks')).toBeNull();
    const data = courseStructuredData(course({ duration: '2 weeks' }));
    expect(data).toMatchObject({ inLanguage: 'en', hasCourseInstance: { courseWorkload: 'P2W' } });
    expect(courseStructuredData(course({ duration: null })).hasCourseInstance).not.toHaveProperty('courseWorkload');
  });
});
