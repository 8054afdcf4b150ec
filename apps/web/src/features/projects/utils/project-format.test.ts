import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createButtonState, createProjectErrorText, formatLongUsDate, isPlanError, nextSort, pagerWindow, projectDisplayName } from './project-format';

describe('projects list helpers', () => {
  it('shows at most five page numbers around the current page', () => {
    expect(pagerWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pagerWindow(5, 20)).toEqual([3, 4, 5, 6, 7]);
    expect(pagerWindow(20, 20)).toEqual([18, 19, 20]);
    expect(pagerWindow(1, 0)).toEqual([]);
  });

  it('toggles the current sort column and starts a new column at desc', () => {
    expect(nextSort({ by: 'created_at', order: 'desc' }, 'created_at')).toEqual({ by: 'created_at', order: 'asc' });
    expect(nextSort({ by: 'created_at', order: 'asc' }, 'filename')).toEqual({ by: 'filename', order: 'desc' });
  });

  it('formats long US dates or N/A', () => {
    expect(formatLongUsDate('2026-03-05T12:00:00Z')).toBe('March 5, 2026');
    expect(formatLongUsDate(null)).toBe('N/A');
    expect(formatLongUsDate('garbage')).toBe('N/A');
  });

  it('names projects by filename, name, title, then Project N', () => {
    expect(projectDisplayName({ name: 'B', title: 'C' }, 3)).toBe('B');
    expect(projectDisplayName({}, 3)).toBe('Project 3');
  });

  it('labels the create button from the allowance', () => {
    expect(createButtonState(2, true)).toEqual({ label: 'Create New Project (2 remaining)', tooltip: null });
    expect(createButtonState(undefined, true).label).toBe('Create New Project (? remaining)');
    expect(createButtonState(0, false)).toEqual({ label: 'No Plans Remaining (0 left)', tooltip: 'No remaining plans (0 left). Please upgrade your plan.' });
  });

  it('turns create failures into the spec texts', () => {
    expect(createProjectErrorText(new ApiError(400, { detail: 'Bad page' }, ''))).toBe('Bad page');
    expect(createProjectErrorText(new ApiError(422, { detail: [{ msg: 'a' }, { msg: 'b' }] }, ''))).toBe('Validation error: a, b');
    expect(createProjectErrorText(new ApiError(500, undefined, 'oops'))).toBe('oops');
    expect(createProjectErrorText(new ApiError(502, undefined, ''))).toBe('Failed to create project (502)');
    expect(createProjectErrorText(new TypeError('fetch failed'))).toBe('Failed to create project. Please try again.');
    expect(isPlanError('No remaining plans (0 left). Please upgrade your plan.')).toBe(true);
    expect(isPlanError('Page 5 does not exist.')).toBe(false);
  });
});
