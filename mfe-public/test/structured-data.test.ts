/** The JobPosting and Course data search engines read, taken from the data only where it is plain. */
import { describe, expect, it } from 'vitest';
import { course, job } from './render';
import { courseStructuredData, workloadOf } from '../src/features/courses/course-detail-page';
import { baseSalaryOf, jobStructuredData } from '../src/features/jobs/job-structured-data';

describe('baseSalaryOf', () => {
  it('is the amounts in their currency per hour/day/week/month/year, a range or one figure', () => {
    expect(baseSalaryOf({ min: 400000, max: 500000, currency: 'RWF', period: 'month' })).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'RWF',
      value: { '@type': 'QuantitativeValue', minValue: 400000, maxValue: 500000, unitText: 'MONTH' },
    });
    expect(baseSalaryOf({ min: 1200000, max: null, currency: 'RWF', period: 'year' })?.value).toEqual({
      '@type': 'QuantitativeValue',
      value: 1200000,
      unitText: 'YEAR',
    });
    expect(baseSalaryOf({ min: 15, max: 15, currency: 'USD', period: 'hour' })).toMatchObject({
      currency: 'USD',
      value: { value: 15, unitText: 'HOUR' },
    });
  });

  it('gives nothing without amounts', () => {
    expect(baseSalaryOf(null)).toBeNull();
    expect(baseSalaryOf(undefined)).toBeNull();
  });
});

describe('JobPosting', () => {
  it('has the identifier, direct apply, and the salary when it has amounts', () => {
    const data = jobStructuredData(
      job({ id: 42, salary: { min: 250000, max: 320000, currency: 'RWF', period: 'month' } }),
    );
    expect(data).toMatchObject({
      identifier: { '@type': 'PropertyValue', name: 'BTLS Coffee', value: '42' },
      directApply: true,
      baseSalary: { currency: 'RWF', value: { minValue: 250000, maxValue: 320000, unitText: 'MONTH' } },
    });
    expect(jobStructuredData(job({ salary: null, salaryRange: 'RWF 8,000 per shift' }))).not.toHaveProperty(
      'baseSalary',
    );
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
